import "server-only";

// Everything the upstream writes in its own words (error messages and codes, in error answers and in
// failed tasks of 200 answers) passes through here before it is stored, logged or shown. The spec promises
// sanitized errors; this holds even when an upstream, or a proxy in front of it, breaks that promise.

export const REASON_MAX = 300;
const REDACTED = "[redacted]";
/** A run of this many characters of the key is a fragment of it; shorter runs are left (random keys share short runs with words). */
const FRAGMENT_MIN = 6;
/** Only this much of a text is looked at: an answer may be megabytes, and what is kept is short anyway. */
const READ_MAX = 4_000;

// "Authorization: Bearer X" and "api_key=X": the word stays, what follows it (and a scheme word) goes.
const CREDENTIAL =
  /\b(bearer|basic|token|api[_-]?key|x-api-key|authorization|secret|password)\b(?:\s*[:=]\s*|\s+)(?:(?:bearer|basic)\s+)?["']?[^\s"',;]+/gi;
const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;
const IPV6 = /\[[0-9a-f:.]+\](?::\d+)?/gi;

/**
 * Removes the secrets (the key, the base URL, its host), every run of 6 or more characters of the key,
 * credentials after words like "Bearer" or "api_key", every URL and IP address, and bounds the length.
 * `secrets[0]` is the key when fragments should be looked for.
 */
export function scrub(text: string, secrets: readonly string[], { key }: { key?: string } = {}): string {
  let clean = text.slice(0, READ_MAX);
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) clean = clean.split(secret).join(REDACTED);
  if (key) clean = withoutFragments(clean, key);
  clean = clean
    .replace(CREDENTIAL, (_match, word: string) => `${word} ${REDACTED}`)
    .replace(URL_TEXT, "[link removed]")
    .replace(IPV6, "[address removed]")
    .replace(IPV4, "[address removed]");
  clean = clean.replace(/\s+/g, " ").trim();
  return clean.length > REASON_MAX ? `${clean.slice(0, REASON_MAX - 1)}…` : clean;
}

/** Every maximal run of the text that also occurs in the key (at least FRAGMENT_MIN long) becomes one marker. */
function withoutFragments(text: string, key: string): string {
  if (key.length < FRAGMENT_MIN) return text;
  let out = "";
  let i = 0;
  while (i < text.length) {
    let length = 0;
    while (i + length < text.length && key.includes(text.slice(i, i + length + 1))) length += 1;
    if (length >= FRAGMENT_MIN) {
      out += REDACTED;
      i += length;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}
