import "server-only";

// Everything the upstream writes in its own words (error codes, messages and fields, in error answers and
// in failed tasks of 200 answers, and the raw answers kept beside them) passes through here before it is
// stored, logged or shown. The spec promises sanitized errors; this holds even when an upstream, or a proxy
// in front of it, breaks that promise, in any letter case (readers lower-case codes) and in the encodings
// an echo may use.

export const REASON_MAX = 300;
const CODE_MAX = 64;
/** What a code that is not a plain word is stored as: its text may be anything, the key included. */
export const UNKNOWN_CODE = "unknown";
const REDACTED = "[redacted]";
/**
 * A run of this many characters of the key is a fragment of it; shorter runs are left (random keys share
 * short runs with words). The audit of issue 25 asked for 8; 6 is stricter and stays.
 */
const FRAGMENT_MIN = 6;
/**
 * A task's id is stored, shown and polled, and an id holding the key is refused, its task recorded nowhere: there
 * only a run this long counts. A random 24-hex-digit id shares a 6-character run with a random 32-digit key about
 * once in 30,000 tasks (the emulator's did in CI, and a charged task went unrecorded); 12 is an echo, not chance.
 */
export const ID_FRAGMENT_MIN = 12;
/** Only this much of a text is looked at: an answer may be megabytes, and what is kept is short anyway. */
const READ_MAX = 4_000;

// "Authorization: Bearer X" and "api_key=X": the word stays, what follows it (and a scheme word) goes.
const CREDENTIAL =
  /\b(bearer|basic|token|api[_-]?key|x-api-key|authorization|secret|password)\b(?:\s*[:=]\s*|\s+)(?:(?:bearer|basic)\s+)?["']?[^\s"',;]+/gi;
const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;
const IPV6 = /\[[0-9a-f:.]+\](?::\d+)?/gi;
const CODE_WORD = /^[a-z0-9_.:-]+$/;
// Between two characters of an echoed key: spaces ("s k _ l i v e") and invisible format characters.
const SEPARATOR = /^[\s\p{Cf}]$/u;

interface Form {
  text: string;
  /** The shortest run of this form that counts as a fragment. */
  min: number;
}

/**
 * The key as an upstream may echo it: as is, URL-encoded (only what needs it, and every byte), and in
 * base64 (standard and URL-safe). Base64 inside a longer encoded text ("user:key") depends on where the
 * key starts in a 3-byte group, so each of the three alignments gives the part that only the key decides.
 */
function keyForms(key: string, fragmentMin: number): Form[] {
  const bytes = Buffer.from(key, "utf8");
  const percent = [...bytes].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
  const forms: Form[] = [
    { text: key, min: fragmentMin },
    { text: encodeURIComponent(key), min: fragmentMin },
    { text: percent, min: fragmentMin * 3 },
  ];
  const base64Min = Math.max(8, fragmentMin);
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    forms.push({ text: core, min: base64Min }, { text: core.replaceAll("+", "-").replaceAll("/", "_"), min: base64Min });
  }
  const seen = new Set<string>();
  return forms.filter((form) => form.text.length >= form.min && !seen.has(form.text) && seen.add(form.text));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The text without the key (any letter case, any form above, any run of FRAGMENT_MIN or more of its
 * characters, spaces between them or not) and without the other secrets (the base URL, its host), any case.
 * Nothing else changes: raw answers keep their shape.
 */
export function withoutSecrets(text: string, secrets: readonly string[], key?: string, fragmentMin = FRAGMENT_MIN): string {
  // Full-width and other compatibility letters read as the plain ones they stand for.
  let clean = text.normalize("NFKC");
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length))
    clean = clean.replace(new RegExp(escaped(secret), "gi"), REDACTED);
  return key ? withoutFragments(clean, keyForms(key, fragmentMin)) : clean;
}

/** Whether the text holds the key, a fragment (of fragmentMin characters or more) or form of it, or another secret. */
export const holdsSecret = (text: string, secrets: readonly string[], key?: string, fragmentMin = FRAGMENT_MIN): boolean =>
  withoutSecrets(text, secrets, key, fragmentMin) !== text.normalize("NFKC");

/**
 * Removes the secrets (the key in every form above, the base URL, its host), credentials after words like
 * "Bearer" or "api_key", every URL and IP address, and bounds the length.
 */
export function scrub(text: string, secrets: readonly string[], { key }: { key?: string } = {}): string {
  let clean = withoutSecrets(text.slice(0, READ_MAX), secrets, key);
  clean = clean
    .replace(CREDENTIAL, (_match, word: string) => `${word} ${REDACTED}`)
    .replace(URL_TEXT, "[link removed]")
    .replace(IPV6, "[address removed]")
    .replace(IPV4, "[address removed]");
  clean = clean.replace(/\s+/g, " ").trim();
  return clean.length > REASON_MAX ? `${clean.slice(0, REASON_MAX - 1)}…` : clean;
}

/**
 * An error code is stored, filtered on and exported as a word: it is kept (in lower case) only when it is
 * a short `[a-z0-9_.:-]` word with no secret in it, and is UNKNOWN_CODE otherwise, never the text.
 */
export function scrubCode(text: string, secrets: readonly string[], { key }: { key?: string } = {}): string {
  const code = text.trim().toLowerCase();
  const clean = code.length <= CODE_MAX && CODE_WORD.test(code) && !holdsSecret(code, secrets, key);
  return clean ? code : UNKNOWN_CODE;
}

/**
 * Every maximal run of the text that also occurs in one of the forms (at least its `min` long, compared
 * without letter case, spaces between its characters allowed) becomes one marker.
 */
function withoutFragments(text: string, forms: readonly Form[]): string {
  const lower = forms.map((form) => {
    const chars = [...form.text.toLowerCase()];
    // Where each character occurs in the form: a run can start only there.
    const at = new Map<string, number[]>();
    chars.forEach((char, j) => at.set(char, [...(at.get(char) ?? []), j]));
    return { chars, at, min: form.min };
  });
  const chars = [...text];
  const folded = chars.map((char) => char.toLowerCase());
  let out = "";
  let i = 0;
  while (i < chars.length) {
    let end = i;
    for (const form of lower) end = Math.max(end, runEnd(folded, i, form.chars, form.at.get(folded[i]!) ?? [], form.min));
    if (end > i) {
      out += REDACTED;
      i = end;
    } else {
      out += chars[i];
      i += 1;
    }
  }
  return out;
}

/**
 * Where the longest run of `form` starting at text[start] ends (just after its last character), or `start`
 * when shorter than `min`; `starts` are the form's positions holding text[start].
 */
function runEnd(text: readonly string[], start: number, form: readonly string[], starts: readonly number[], min: number): number {
  let best = start;
  for (const j of starts) {
    let p = start;
    let q = j;
    let last = start;
    while (p < text.length && q < form.length) {
      if (text[p] === form[q]) {
        p += 1;
        q += 1;
        last = p;
      } else if (q > j && SEPARATOR.test(text[p]!)) p += 1;
      else break;
    }
    if (q - j >= min && last > best) best = last;
  }
  return best;
}
