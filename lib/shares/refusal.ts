// What a refused share link says, on its page and in the media routes' JSON: client-safe.
export const SHARE_REFUSED_MESSAGE = "This share link does not exist, has expired, or was revoked. Ask whoever shared it for a new link.";
