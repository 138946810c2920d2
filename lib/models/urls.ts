// The "public HTTPS URL" rule of docs/emulator.md (Requests), client-safe (WHATWG URL only, no Node APIs), so
// the form can say why a URL is refused before the request ever leaves the browser.
import { formatNumber } from "../format";
import { urlPathExtension } from "./url-extension";

const MAX_URL_LENGTH = 2048;
const LOCAL_HOST_SUFFIXES = [".localhost", ".local", ".internal"];
/** Formats epsilon-v6 does not take (it takes JPG, PNG and WebP). */
const OTHER_MEDIA_EXTENSIONS = [
  "gif",
  "bmp",
  "svg",
  "tif",
  "tiff",
  "heic",
  "heif",
  "avif",
  "ico",
  "mp4",
  "mov",
  "webm",
  "avi",
  "mkv",
  "pdf",
];

/**
 * A result of one of the team's tasks, named by Darkroom's own media path. The browser never sees the
 * upstream's URLs, so a form uses this to reuse a result as an input; the server swaps in the upstream's
 * URL for that result before anything is sent (lib/tasks/result-references.ts).
 */
export const RESULT_REFERENCE = /^\/api\/media\/(task_[A-Za-z0-9_-]{1,100})\/(\d{1,2})$/;

/**
 * The one exception to the HTTPS rule: Darkroom's link to an uploaded image when PUBLIC_BASE_URL is plain
 * http on loopback, which only an emulator on the same machine can fetch (`npm start` sets it up so). The
 * server accepts it only under its own PUBLIC_BASE_URL (lib/tasks/result-references.ts).
 */
export const LOOPBACK_UPLOAD_LINK =
  /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d{1,5}\/u\/up_[0-9a-f]{32}\/[A-Za-z0-9_-]{43}\.(?:png|jpg|webp)$/;

/** Why `url` is not a public HTTPS URL, as the end of a sentence ("it …"); null when it is one (or a result reference). */
export function publicHttpsUrlProblem(url: string): string | null {
  if (RESULT_REFERENCE.test(url) || LOOPBACK_UPLOAD_LINK.test(url)) return null;
  if (url.length > MAX_URL_LENGTH) return `it is longer than ${formatNumber(MAX_URL_LENGTH)} characters`;
  // The URL parser silently drops or re-encodes these, so what it checked would differ from what is sent.
  if (/[\s\u0000-\u001f\u007f\\]/.test(url)) return "it contains white space, a control character or a backslash";
  // The parser forgives "https:host" and "https:/host"; the upstream may not, so insist on the plain form.
  if (!/^https:\/\//i.test(url)) return "it does not start with https://";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "it is not a valid URL";
  }
  // "https://@host" parses with an empty user name, so the raw authority is looked at as well.
  const authority = url.slice("https://".length).split(/[/?#]/, 1)[0] ?? "";
  if (parsed.username !== "" || parsed.password !== "" || authority.includes("@")) {
    return "it contains a user name or password";
  }
  const host = parsed.hostname.replace(/\.$/, "");
  // The parser normalises every IPv4 spelling (0x7f.1, 2130706433) to a dotted quad, and IPv6 keeps brackets.
  if (host.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return "its host is an IP address, not a host name";
  if (host === "localhost" || LOCAL_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return "its host is a local name (localhost, .localhost, .local or .internal)";
  }
  if (!host.includes(".")) return "its host name has no dot, so it is not a public domain name";
  if (host.split(".").includes("")) return "its host name is not valid";
  return null;
}

/** epsilon-v6 takes JPG, PNG or WebP images; a URL whose path names another format is refused up front. */
export function imageExtensionProblem(url: string): string | null {
  const extension = urlPathExtension(url);
  // Only a path naming another media format is refused: a script's path (img.php?id=3, /render.aspx) says
  // nothing about what it serves, and the API judges the content.
  return extension !== null && OTHER_MEDIA_EXTENSIONS.includes(extension) ? `its path ends in .${extension}` : null;
}
