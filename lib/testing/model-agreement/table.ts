// Builders for the agreement table (agreement.test.ts): each rule of the spec and docs/emulator.md becomes rows
// that the model schema and the emulator must judge alike. Test support only; the app never imports it.
import { getModel } from "@/lib/models/catalogue";

export type Body = Record<string, unknown>;
export type Endpoint = "videos" | "images";

export interface Row {
  name: string;
  endpoint: Endpoint;
  /** A function receives the id of a succeeded epsilon-v6 task of the row's account. */
  body: Body | ((parentTaskId: string) => Body);
  valid: boolean;
  /** For an invalid row: the dotted field both must blame. */
  field?: string;
  /** Invalid only for a strict reader: the field is one the model defines nowhere (the gateway ignores it, as the API's default does). */
  unknownField?: boolean;
}

export const PROMPT = "a quiet harbour at dawn";
export const IMG = "https://cdn.example.com/in/a.png";
export const IMG2 = "https://cdn.example.com/in/b.webp";
export const VIDEO = "https://cdn.example.com/in/clip.mp4";

/** `base` with `changes` applied; an undefined value removes the key. */
export function edit(base: Body, changes: Body): Body {
  const out: Body = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    // defineProperty, so that "__proto__" becomes a key of the body as it does in JSON.parse.
    if (value === undefined) delete out[key];
    else Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function endpointOf(body: Row["body"]): Endpoint {
  const model = typeof body === "function" ? "epsilon-v6" : body.model;
  return (typeof model === "string" ? getModel(model)?.endpoint : undefined) ?? "videos";
}

export function ok(name: string, body: Row["body"], endpoint = endpointOf(body)): Row {
  return { name, endpoint, body, valid: true };
}

export function bad(name: string, body: Row["body"], field: string, endpoint = endpointOf(body)): Row {
  return { name, endpoint, body, valid: false, field };
}

/** Prompt rules: presence, type, white space, bounds in UTF-16 code units. */
export function promptRows(label: string, base: Body, min: number, max: number): Row[] {
  const with_ = (prompt: unknown) => edit(base, { prompt });
  const emoji = "\u{1F600}"; // two UTF-16 code units, one code point
  const rows = [
    ok(`${label}: prompt of ${max} characters`, with_("a".repeat(max))),
    ok(`${label}: prompt of ${max} UTF-16 units in emoji`, with_(emoji.repeat(max / 2))),
    bad(`${label}: prompt of ${max + 1} characters`, with_("a".repeat(max + 1)), "prompt"),
    bad(`${label}: prompt of ${max + 1} UTF-16 units, fewer code points`, with_(emoji.repeat(max / 2) + "a"), "prompt"),
    bad(`${label}: prompt missing`, edit(base, { prompt: undefined }), "prompt"),
    bad(`${label}: prompt empty`, with_(""), "prompt"),
    bad(`${label}: prompt only white space`, with_(" \n\t ".repeat(2)), "prompt"),
    bad(`${label}: prompt only Unicode white space`, with_("\u00a0\u3000\u2028\ufeff"), "prompt"),
    bad(`${label}: prompt null`, with_(null), "prompt"),
    bad(`${label}: prompt a number`, with_(42), "prompt"),
  ];
  if (min > 1) {
    rows.push(ok(`${label}: prompt of ${min} characters`, with_("abc".slice(0, min))));
    rows.push(ok(`${label}: prompt of ${min} UTF-16 units with an emoji`, with_(emoji + "a")));
    rows.push(bad(`${label}: prompt of ${min - 1} characters`, with_("ab".slice(0, min - 1)), "prompt"));
  } else {
    rows.push(ok(`${label}: prompt of one character`, with_("a")));
  }
  return rows;
}

/** Strictness: a typo and an invented field are refused by name, even when null. */
export function unknownRows(label: string, base: Body): Row[] {
  return [
    bad(`${label}: unknown field aspectRatio (a typo)`, edit(base, { aspectRatio: "16:9" }), "aspectRatio"),
    bad(`${label}: unknown field set to null`, edit(base, { style: null }), "style"),
    // Names every object inherits must not pass for known fields or hide the issue.
    bad(`${label}: unknown field __proto__`, edit(base, JSON.parse('{"__proto__": {"n": 2}}') as Body), "__proto__"),
    bad(`${label}: unknown field constructor`, edit(base, { constructor: 1 }), "constructor"),
  ].map(unknownField);
}

/** Marks a row whose only fault is a field the model defines nowhere. */
export const unknownField = (row: Row): Row => ({ ...row, unknownField: true });

export function choiceRows(label: string, base: Body, field: string, good: readonly unknown[], wrong: readonly unknown[]): Row[] {
  return [
    ...good.map((value) => ok(`${label}: ${field} ${JSON.stringify(value)}`, edit(base, { [field]: value }))),
    ...wrong.map((value) => bad(`${label}: ${field} ${JSON.stringify(value)}`, edit(base, { [field]: value }), field)),
  ];
}

export function boolRows(label: string, base: Body, field: string): Row[] {
  return choiceRows(label, base, field, [true, false], ["true", 1, null]);
}

export function intRows(label: string, base: Body, field: string, min: number, max: number): Row[] {
  return choiceRows(label, base, field, [min, max], [min - 1, max + 1, min + 0.5, String(min), null]);
}

/** A field that `base`'s mode does not take, blamed by name. */
export function foreignRow(label: string, base: Body, field: string, value: unknown): Row {
  return bad(`${label}: ${field} is not taken in this mode`, edit(base, { [field]: value }), field);
}

const SHORT_URL_CASES: [string, unknown][] = [
  ["http scheme", "http://cdn.example.com/in/a.png"],
  ["localhost", "https://localhost/in/a.png"],
  ["an IP address", "https://203.0.113.7/in/a.png"],
  ["a user and password", "https://user:secret@cdn.example.com/in/a.png"],
  ["a number", 42],
  ["null", null],
];

const LONG_PATH = (length: number) => `https://cdn.example.com/${"a".repeat(length - "https://cdn.example.com/".length)}`;

const FULL_URL_CASES: [string, unknown][] = [
  ...SHORT_URL_CASES,
  ["an empty user", "https://@cdn.example.com/in/a.png"],
  ["an IPv6 literal", "https://[2001:db8::1]/in/a.png"],
  ["a hex IPv4 spelling", "https://0x7f.1/in/a.png"],
  ["a .localhost host", "https://cdn.localhost/in/a.png"],
  ["a .local host", "https://printer.local/in/a.png"],
  ["a .internal host", "https://db.internal/in/a.png"],
  ["a dotless host", "https://intranet/in/a.png"],
  ["an empty host label", "https://cdn..example.com/in/a.png"],
  ["white space", "https://cdn.example.com/in/a b.png"],
  ["a backslash", "https://cdn.example.com\\in\\a.png"],
  ["no slashes after the scheme", "https:cdn.example.com/in/a.png"],
  ["2,049 characters", LONG_PATH(2049)],
  ["not a URL", "not a url"],
  ["an empty string", ""],
];

const GOOD_URL_CASES: [string, string][] = [
  ["2,048 characters", LONG_PATH(2048)],
  ["an upper-case scheme and host", "HTTPS://CDN.EXAMPLE.COM/in/a.png"],
  ["a trailing dot on the host", "https://cdn.example.com./in/a.png"],
  ["a port, query and fragment", "https://cdn.example.com:8443/in/a.png?v=2#x"],
  ["an internationalised host", "https://bücher.example/in/a.png"],
];

/**
 * The public-HTTPS-URL rule on one URL field: `put` places the URL in a valid body and `field` is the
 * path blamed. `full` runs every case; the short list is enough to show a field applies the rule.
 */
export function urlRows(label: string, put: (url: unknown) => Body, field: string, full = false): Row[] {
  const wrong = full ? FULL_URL_CASES : SHORT_URL_CASES;
  return [
    ...(full ? GOOD_URL_CASES.map(([what, url]) => ok(`${label}: URL with ${what}`, put(url))) : []),
    ...wrong.map(([what, url]) => bad(`${label}: URL with ${what}`, put(url), field)),
  ];
}
