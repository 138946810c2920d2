// The headers the launcher's front (lib/launcher/front.mjs) stamps on every request and Darkroom reads
// (lib/http/client.ts). Plain JavaScript: the front is preloaded by Node and imports it too.

/** The connected machine's address. */
export const PEER_HEADER = "x-darkroom-peer";
/**
 * "1" when the connected machine sent X-Forwarded-For itself, else absent. Next adds an X-Forwarded-For to
 * every request that has none, so by the time Darkroom reads the headers their presence says nothing.
 */
export const PEER_FORWARDED_HEADER = "x-darkroom-peer-forwarded";
