// The "public HTTPS URL" rule of the decisions doc. The emulator fetches no input but those of trusted
// origins (inputs.ts), so the rule is syntactic: it stops requests a real provider could not reach, or that
// point inside a network.
import { fail, string, type Check } from "./checks";

const MAX_URL_LENGTH = 2048;
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal"];
const EPSILON_IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp"];

/** Why `url` is not a public HTTPS URL, as the end of a sentence; null when it is one. */
export function publicHttpsUrlProblem(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return `it is longer than ${MAX_URL_LENGTH.toLocaleString("en-US")} characters`;
  // The URL parser silently strips or encodes these, so what it checks would not be what was sent.
  if (/[\s\u0000-\u001f\u007f\\]/.test(url)) return "it contains white space, a control character or a backslash";
  // Insisting on the literal "https://" also refuses forms the parser forgives, such as "https:host".
  if (!/^https:\/\//i.test(url)) return "it does not start with https://";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "it is not a valid URL";
  }
  // "https://@host" parses with an empty user name, so the raw authority is checked too.
  const authority = url.slice("https://".length).split(/[/?#]/, 1)[0] ?? "";
  if (parsed.username !== "" || parsed.password !== "" || authority.includes("@")) {
    return "it contains a user name or password";
  }
  const host = parsed.hostname.replace(/\.$/, "");
  // The parser turns every IPv4 spelling (0x7f.1, 2130706433, ...) into a dotted quad.
  if (host.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    return "its host is an IP address, not a host name";
  }
  if (host === "localhost" || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return "its host is a local name (localhost, .localhost, .local or .internal)";
  }
  if (!host.includes(".")) return "its host name has no dot, so it is not a public domain name";
  if (host.split(".").some((label) => label === "")) return "its host name is not valid";
  return null;
}

export function isPublicHttpsUrl(url: string): boolean {
  return publicHttpsUrlProblem(url) === null;
}

/** A URL that must be public HTTPS, with no exception (callback_url is not media). */
export const publicUrl: Check = (value, path) => {
  const problem = publicHttpsUrlProblem(string(value, path));
  if (problem !== null) fail(path, `${path} must be a public HTTPS URL, but ${problem}`);
};

/** A media input: a public HTTPS URL, the URL of media this emulator serves, or one of a trusted origin. */
export const mediaUrl: Check = (value, path, ctx) => {
  const url = string(value, path);
  if (!ctx.isOwnMediaUrl(url) && !ctx.isTrustedInput?.(url)) publicUrl(url, path, ctx);
};

function pathExtension(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/, 1)[0] ?? "";
  }
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  // A leading dot is a hidden-file name, not an extension; no dot means the format is unknown.
  return dot > 0 && dot < last.length - 1 ? last.slice(dot + 1).toLowerCase() : null;
}

/** epsilon-v6 images: a media URL whose path, if it has an extension, names JPG, PNG or WebP. */
export const epsilonImageUrl: Check = (value, path, ctx) => {
  mediaUrl(value, path, ctx);
  const extension = pathExtension(value as string);
  if (extension !== null && !EPSILON_IMAGE_EXTENSIONS.includes(extension)) {
    fail(path, `${path} must be a JPG, PNG or WebP image, but its path ends in .${extension}`);
  }
};
