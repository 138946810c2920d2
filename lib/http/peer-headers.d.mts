// Types for peer-headers.mjs (plain JavaScript: the launcher's front, preloaded by Node, imports it too).
export const PEER_HEADER: "x-darkroom-peer";
export const PEER_FORWARDED_HEADER: "x-darkroom-peer-forwarded";
