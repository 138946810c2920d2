// Bad input: malformed requests of every kind get a 4xx JSON error, never a 500 or a crash.
// A seeded fuzz sends thousands of random bodies and headers to every public endpoint and checks
// each answer; clients that lie about their body are exercised over raw sockets.
// Re-run a failing sequence with FUZZ_SEED=<seed> npx vitest run emulator/fuzz.test.ts
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "./server";

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_da7c) >>> 0;
const BATCHES = 50;
const BATCH_SIZE = 100; // the clock moves 61 s after each batch, so no key nears 120 requests a minute
const CONCURRENCY = 12;
const REQUEST_TIMEOUT_MS = 8_000;
// A media URL fetched before its render is done waits for the render (seconds of ffmpeg for a long 1080p video).
const MEDIA_TIMEOUT_MS = 60_000;
const MAX_BODY = 64 * 1024;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rand {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  /** Picks by weight: [[weight, value], ...]. */
  weighted<T>(entries: readonly (readonly [number, T])[]): T {
    const total = entries.reduce((sum, [w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [w, value] of entries) {
      roll -= w;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![1];
  }
  hex(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += "0123456789abcdef"[this.int(0, 15)];
    return out;
  }
  ascii(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += String.fromCharCode(this.int(0x20, 0x7e));
    return out;
  }
  /** Any UTF-16 code units, lone surrogates, controls and NUL included. */
  unicode(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) {
      out += this.weighted<() => string>([
        [4, () => String.fromCharCode(this.int(0x20, 0x7e))],
        [2, () => String.fromCodePoint(this.int(0xa0, 0x2fff))],
        [2, () => String.fromCodePoint(this.int(0x1f300, 0x1faff))],
        [1, () => String.fromCharCode(this.int(0, 0x1f))],
        [1, () => String.fromCharCode(this.int(0xd800, 0xdfff))],
        [1, () => this.pick(["\u202e", "\u200b", "\ufeff", "\u0301", "\uffff", "\u2028", "\\", '"', "\u0000"])],
      ])();
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies

const PROTO_NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf"];

function randomString(r: Rand): string {
  return r.weighted<() => string>([
    [3, () => r.ascii(r.int(0, 12))],
    [2, () => r.unicode(r.int(0, 12))],
    [1, () => ""],
    [1, () => r.pick(PROTO_NAMES)],
    [1, () => r.pick(["6", "true", "null", "1080p", "16:9", "https://example.com/a.png", "task_", "[[blocked]]", "NaN"])],
    [1, () => "x".repeat(r.int(100, 3000))],
  ])();
}

function randomNumber(r: Rand): number {
  return r.pick<() => number>([
    () => r.int(-10, 20),
    () => r.next() * 100 - 50,
    () => Number.MAX_SAFE_INTEGER + r.int(0, 10),
    () => -0,
    () => 1e308,
    () => 5e-324,
    () => 2147483647 + r.int(-1, 1),
    () => r.pick([6, 10, 5, 1, 0, 4, 15, 16]),
  ])();
}

function randomJson(r: Rand, depth = 0): unknown {
  const leafOnly = depth >= 5;
  return r.weighted<() => unknown>([
    [2, () => null],
    [2, () => r.chance(0.5)],
    [3, () => randomNumber(r)],
    [4, () => randomString(r)],
    [leafOnly ? 0 : 3, () => Array.from({ length: r.int(0, 5) }, () => randomJson(r, depth + 1))],
    [
      leafOnly ? 0 : 4,
      () => {
        const obj: Record<string, unknown> = {};
        for (let i = r.int(0, 6); i > 0; i--) {
          const key = r.weighted<() => string>([
            [3, () => r.pick(FIELD_NAMES)],
            [2, () => randomString(r)],
            [1, () => r.pick(PROTO_NAMES)],
          ])();
          // defineProperty, so "__proto__" becomes an own key as JSON.parse would make it.
          Object.defineProperty(obj, key, { value: randomJson(r, depth + 1), enumerable: true, writable: true, configurable: true });
        }
        return obj;
      },
    ],
  ])();
}

/** `depth` nested arrays or objects around a value: JSON text, built without recursion. */
function deepJson(r: Rand, depth: number): string {
  const useObjects = r.chance(0.5);
  const open = useObjects ? '{"a":' : "[";
  const close = useObjects ? "}" : "]";
  return open.repeat(depth) + (useObjects ? "1" : "") + close.repeat(depth);
}

const FIELD_NAMES = [
  "model",
  "prompt",
  "mode",
  "image_url",
  "image_urls",
  "last_frame_url",
  "duration",
  "resolution",
  "aspect_ratio",
  "generate_audio",
  "web_search",
  "quality",
  "generate_multi_clip",
  "seed",
  "first_frame_image_url",
  "last_frame_image_url",
  "image_references",
  "video_url",
  "parent_task_id",
  "output_format",
  "n",
  "size",
  "callback_url",
  "modelKey",
  "outputDurationSec",
  "promptExtend",
  "prompt_optimizer",
  "aspectRatio",
];

type Endpoint = "videos" | "images" | "legacy";
interface Template {
  endpoint: Endpoint;
  body: Record<string, unknown>;
}

const IMG = "https://images.example.com/frames/first.png";
function templates(r: Rand): Template[] {
  const prompt = r.pick(["A lighthouse on a cliff at dusk", "cat", "a dog [[fail]] running", "abc", 'Prompt with ünïcödé 🌩️ and "quotes"']);
  return [
    { endpoint: "videos", body: { model: "alpha-2.3", prompt, duration: 6, resolution: "768p", prompt_optimizer: false } },
    { endpoint: "videos", body: { model: "alpha-2.3", prompt, image_url: IMG, resolution: "1080p", duration: 6 } },
    { endpoint: "videos", body: { model: "alpha-2.3-fast", prompt, image_url: IMG } },
    {
      endpoint: "videos",
      body: {
        model: "beta-2.0",
        mode: "text-to-video",
        prompt: `${prompt}!!!`,
        duration: 4,
        resolution: "480p",
        aspect_ratio: "9:16",
        generate_audio: false,
        web_search: true,
      },
    },
    {
      endpoint: "videos",
      body: {
        model: "beta-2.0",
        mode: "image-to-video",
        prompt: `${prompt}!!!`,
        image_url: IMG,
        last_frame_url: IMG,
        aspect_ratio: "adaptive",
      },
    },
    {
      endpoint: "videos",
      body: {
        model: "epsilon-v6",
        mode: "text-to-video",
        prompt: `${prompt}!!!`,
        duration: 1,
        quality: "360p",
        aspect_ratio: "1:1",
        seed: 42,
      },
    },
    {
      endpoint: "videos",
      body: {
        model: "epsilon-v6",
        mode: "image-to-video",
        prompt: `${prompt}!!!`,
        duration: 1,
        quality: "360p",
        image_urls: [IMG, "https://cdn.example.org/b.webp"],
        generate_multi_clip: true,
      },
    },
    {
      endpoint: "videos",
      body: {
        model: "epsilon-v6",
        mode: "transition",
        prompt: `${prompt}!!!`,
        duration: 1,
        quality: "360p",
        first_frame_image_url: IMG,
        last_frame_image_url: IMG,
      },
    },
    {
      endpoint: "videos",
      body: {
        model: "epsilon-v6",
        mode: "reference-to-video",
        prompt: `@hero ${prompt}`,
        duration: 1,
        quality: "360p",
        image_references: [
          { image_url: IMG, type: "subject", ref_name: "hero" },
          { image_url: IMG, type: "background" },
        ],
      },
    },
    {
      endpoint: "videos",
      body: {
        model: "epsilon-v6",
        mode: "extend",
        prompt: `${prompt}!!!`,
        duration: 1,
        quality: "360p",
        video_url: "https://videos.example.com/clip.mp4",
      },
    },
    {
      endpoint: "videos",
      body: {
        model: "epsilon-v6",
        mode: "extend",
        prompt: `${prompt}!!!`,
        duration: 1,
        quality: "360p",
        parent_task_id: "task_0123456789abcdef01234567",
      },
    },
    {
      endpoint: "images",
      body: { model: "gamma-5-pro", prompt: `${prompt}!!!`, aspect_ratio: "16:9", quality: "basic", output_format: "jpeg", n: 1 },
    },
    { endpoint: "images", body: { model: "gamma-5-pro", prompt: `${prompt}!!!`, image_urls: [IMG] } },
    {
      endpoint: "images",
      body: {
        model: "delta-image-2",
        prompt,
        size: "3:2",
        quality: "medium",
        n: 2,
        resolution: "1K",
        callback_url: "https://hooks.example.com/done",
      },
    },
    { endpoint: "images", body: { model: "delta-image-2", prompt, image_urls: [IMG, IMG, IMG] } },
    { endpoint: "legacy", body: { modelKey: "alpha-2.3", prompt, resolution: "768P", outputDurationSec: 6, promptExtend: false } },
  ];
}

function wrongValue(r: Rand): unknown {
  return r.weighted<() => unknown>([
    [4, () => randomJson(r, 3)],
    [1, () => r.pick(["6", "10", "6.0", "720p", "768P", "1080P", "4K", "2:1", "", " ", "true", "subject", "adaptive"])],
    [1, () => r.pick([6.5, -1, 0, 3, 11, 16, 1e21, 2147483648, -2147483649])],
    [
      1,
      () =>
        r.pick([
          "http://example.com/a.png",
          "https://localhost/a.png",
          "https://127.0.0.1/a.png",
          "https://user:pw@example.com/a.png",
          "https://example/a.png",
          "https://example.com/a.gif",
          "https://[::1]/x.png",
          "https://example.com/a b.png",
          "javascript:alert(1)",
          `https://example.com/${"a".repeat(2100)}.png`,
          "https://x.internal/a.png",
          "https://a..b/x.png",
        ]),
    ],
    [
      1,
      () =>
        r.pick([
          "[[blocked]]",
          "[[hang]] slow one",
          "[[slow]]",
          "   ",
          "ab",
          "x".repeat(5001),
          "y".repeat(20001),
          r.unicode(r.int(1, 300)),
        ]),
    ],
    [1, () => [r.pick([IMG, 1, null, { image_url: IMG }]), IMG]],
    [1, () => Array.from({ length: r.int(0, 20) }, () => r.pick([IMG, { image_url: IMG, type: "subject", ref_name: "a" }]))],
    [
      1,
      () => ({ image_url: IMG, type: r.pick(["subject", "style", 1]), ref_name: r.pick(["a", "a b", "x".repeat(33), "@", 7]), extra: 1 }),
    ],
  ])();
}

interface BuiltBody {
  kind: string;
  text?: string;
  bytes?: Buffer;
}

function nearValid(r: Rand, template: Template, taskIds: string[]): BuiltBody {
  const body: Record<string, unknown> = structuredClone(template.body);
  const keys = () => Object.keys(body);
  const mutations: string[] = [];
  for (
    let i = r.weighted([
      [2, 0],
      [5, 1],
      [2, 2],
      [1, 3],
    ] as const);
    i > 0;
    i--
  ) {
    const what = r.weighted([
      [5, "wrong"],
      [2, "drop"],
      [2, "unknown"],
      [1, "huge"],
      [1, "unicode"],
      [1, "deep"],
      [1, "parent"],
      [1, "model"],
    ] as const);
    mutations.push(what);
    if (what === "wrong") body[r.pick([...keys(), ...FIELD_NAMES.slice(0, 8)])] = wrongValue(r);
    else if (what === "drop" && keys().length > 0) delete body[r.pick(keys())];
    else if (what === "unknown")
      Object.defineProperty(body, r.pick([...PROTO_NAMES, "aspectRatio", "extra", "Model", "prompt ", r.unicode(4)]), {
        value: randomJson(r, 2),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (what === "huge")
      body[r.pick(["prompt", ...keys()])] = r.pick([
        "p".repeat(r.int(4990, 5010)),
        "q".repeat(r.int(19990, 20010)),
        "é".repeat(r.int(2000, 30000)),
      ]);
    else if (what === "unicode") body.prompt = r.unicode(r.int(1, 400));
    else if (what === "deep") body[r.pick(keys().length > 0 ? keys() : ["x"])] = JSON.parse(deepJson(r, r.int(2, 200)));
    else if (what === "parent") body.parent_task_id = taskIds.length > 0 ? r.pick(taskIds) : `task_${r.hex(24)}`;
    else if (what === "model")
      body[template.endpoint === "legacy" ? "modelKey" : "model"] = r.pick([
        "alpha-2.3",
        "gamma-5-pro",
        "delta-image-2",
        "epsilon-v6",
        "beta-2.0",
        "ALPHA-2.3",
        "alpha-2.3 ",
        "sora",
        "constructor",
        "__proto__",
        1,
        null,
      ]);
  }
  let text = JSON.stringify(body);
  // Number spellings JSON.stringify never writes: 1e999 parses to Infinity.
  if (r.chance(0.05))
    text = text.replace(
      /:(\d+)([,}])/,
      `:${r.pick(["1e999", "-1e999", "6.0", "6e0", "60E-1", "-0", "0.6e1", "123456789012345678901234567890"])}$2`,
    );
  // A duplicate key: JSON.parse keeps the last.
  if (r.chance(0.03)) text = text.replace(/^\{/, `{"model":${JSON.stringify(r.pick(["sora", "gamma-5-pro", 7]))},`);
  return { kind: `near-valid ${String(template.body.model ?? template.body.modelKey)} [${mutations.join(",") || "unchanged"}]`, text };
}

function invalidJson(r: Rand, template: Template): BuiltBody {
  const valid = JSON.stringify(template.body);
  return r.pick<() => BuiltBody>([
    () => ({ kind: "invalid: truncated", text: valid.slice(0, r.int(0, valid.length - 1)) }),
    () => ({ kind: "invalid: trailing comma", text: valid.replace(/}$/, ",}") }),
    () => ({ kind: "invalid: single quotes", text: valid.replace(/"/g, "'") }),
    () => ({ kind: "invalid: BOM", text: `\ufeff${valid}` }),
    () => ({ kind: "invalid: two values", text: `${valid}${valid}` }),
    () => ({
      kind: "invalid: token",
      text: r.pick([
        "NaN",
        "undefined",
        "{",
        "}",
        "[",
        "nul",
        "tru",
        "{a:1}",
        "//c\n{}",
        "0x10",
        "'x'",
        '{"a":1,,}',
        "\u0000",
        '{"a"}',
        "+1",
        ".5",
        "01",
      ]),
    }),
    () => ({ kind: "invalid: random bytes", bytes: Buffer.from(Array.from({ length: r.int(1, 400) }, () => r.int(0, 255))) }),
    () => ({ kind: "invalid: unbalanced deep", text: "[".repeat(r.int(10, 20000)) }),
    () => ({ kind: "invalid: empty", text: "" }),
    () => ({ kind: "invalid: whitespace", text: " \n\t " }),
    () => ({ kind: "invalid: raw control char in string", text: valid.replace(/"prompt":"/, '"prompt":"\u0001\n') }),
  ])();
}

function buildBody(r: Rand, template: Template, taskIds: string[]): BuiltBody {
  return r.weighted<() => BuiltBody>([
    [45, () => nearValid(r, template, taskIds)],
    [12, () => invalidJson(r, template)],
    [12, () => ({ kind: "random JSON", text: JSON.stringify(randomJson(r)) ?? "null" })],
    [5, () => ({ kind: "valid", text: JSON.stringify(template.body) })],
    // Deep nesting: JSON.parse manages any depth, and so must everything done with the result.
    [
      5,
      () => ({
        kind: "deep nesting",
        text: r.chance(0.5)
          ? deepJson(r, r.int(100, 20000))
          : `{"model":${JSON.stringify(template.body.model ?? template.body.modelKey)},"prompt":"abc","x":${deepJson(r, r.int(100, 20000))}}`,
      }),
    ],
    [4, () => ({ kind: "over 64 KiB", text: JSON.stringify({ ...template.body, prompt: "z".repeat(MAX_BODY + r.int(1, 40000)) }) })],
    [2, () => ({ kind: "exactly at 64 KiB", text: padTo(JSON.stringify(template.body), MAX_BODY) })],
    [3, () => ({ kind: "empty" })],
  ])();
}

/** Pads a JSON object with trailing white space up to `size` bytes (still valid JSON). */
function padTo(text: string, size: number): string {
  return text + " ".repeat(Math.max(0, size - Buffer.byteLength(text)));
}

// ---------------------------------------------------------------------------------------------
// Requests

type KeyRole = "poor" | "rich" | "disabled" | "missing" | "garbage";

interface Accounts {
  poor: string[];
  rich: string[];
  disabled: string;
}

interface FuzzRequest {
  index: number;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  bodyKind: string;
  chunked: boolean;
  /** The role of the key sent in the header that the route's dialect reads. */
  roles: { v1: KeyRole; legacy: KeyRole };
}

/** A string sent as raw UTF-8 bytes in a header (node takes header strings as latin1). */
function utf8Header(value: string): string {
  return Buffer.from(value, "utf8").toString("latin1");
}

/** Header values node will send: no CR, LF, NUL or other controls besides tab. */
function headerSafe(value: string): string {
  return value.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "?");
}

function garbageKey(r: Rand): string {
  return headerSafe(
    r.weighted<() => string>([
      [3, () => r.pick(PROTO_NAMES)],
      [3, () => `sk-emu-${r.hex(32)}`],
      [2, () => r.ascii(r.int(1, 60)).replace(/\s/g, "_")],
      [1, () => utf8Header(r.unicode(r.int(1, 20)).replace(/\s/g, "_"))],
      [1, () => "k".repeat(r.int(200, 2500))],
    ])(),
  );
}

function keyHeader(r: Rand, accounts: Accounts, scheme: "bearer" | "plain"): { value?: string; role: KeyRole } {
  const role = r.weighted<KeyRole>([
    [62, "poor"],
    [3, "rich"],
    [4, "disabled"],
    [10, "missing"],
    [21, "garbage"],
  ]);
  if (role === "missing") return { role };
  if (role === "garbage") {
    if (scheme === "plain") return { value: garbageKey(r), role };
    const some = r.pick([...accounts.poor.slice(0, 3), accounts.disabled]);
    return {
      role,
      value: headerSafe(
        r.pick<() => string>([
          () => `Bearer ${garbageKey(r)}`,
          () => `Basic ${Buffer.from(`${some}:x`).toString("base64")}`,
          () => some,
          () => `Bearer ${some} extra`,
          () => `Bearer${some}`,
          () => "Bearer",
          () => "Bearer ",
          () => "",
          () => `Token ${some}`,
          () => utf8Header(`Bearer ${r.unicode(10)}`),
        ])(),
      ),
    };
  }
  const key = role === "poor" ? r.pick(accounts.poor) : role === "rich" ? r.pick(accounts.rich) : accounts.disabled;
  if (scheme === "plain") return { value: key, role };
  return {
    value: r.weighted([
      [8, `Bearer ${key}`],
      [1, `bearer ${key}`],
      [1, `Bearer   ${key}`],
      [1, `BEARER ${key}`],
    ] as const),
    role,
  };
}

function idempotencyKey(r: Rand, reused: string[]): string | undefined {
  return r.weighted<() => string | undefined>([
    [55, () => `fz-${r.hex(16)}`],
    [8, () => r.pick(reused)],
    [10, () => undefined],
    [3, () => ""],
    [3, () => "k".repeat(r.pick([128, 129, 300, 2500]))],
    [5, () => headerSafe(r.ascii(r.int(1, 40)))],
    [3, () => utf8Header(`ключ-${r.unicode(6)}`).replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "?")],
    [2, () => r.pick(["a b", "a/b", "a,b", "a;b", "é", "\t", "a\tb", "=", "*", "a.b:c_d-e"])],
  ])();
}

function contentType(r: Rand): string | undefined {
  return r.weighted<() => string | undefined>([
    [70, () => "application/json"],
    [5, () => "application/json; charset=utf-8"],
    [2, () => r.pick(["APPLICATION/JSON", " application/json ", "application/json;", "application/json; charset=latin1; x=y"])],
    [6, () => undefined],
    [
      8,
      () =>
        r.pick([
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/json-patch+json",
          "application/jsonx",
          "json",
          "*/*",
          "",
          ";",
          "application/ json",
        ]),
    ],
    [3, () => headerSafe(utf8Header(r.unicode(r.int(1, 30))))],
  ])();
}

/** Every byte of the UTF-8 form as %XX (lone surrogates become U+FFFD, as on the wire). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

function weirdId(r: Rand, taskIds: string[]): string {
  return r.weighted<() => string>([
    [6, () => (taskIds.length > 0 ? r.pick(taskIds) : `task_${r.hex(24)}`)],
    [4, () => `task_${r.hex(24)}`],
    [2, () => r.pick(PROTO_NAMES)],
    [
      3,
      () =>
        r.pick([
          "%E0%A4%A",
          "%",
          "%%",
          "%zz",
          "%00",
          "%2F",
          "%2e%2e",
          "..",
          ".",
          "%C0%AF",
          "%FF%FE",
          "%ED%A0%80",
          "task_%0A",
          "%F0%9F%92%A9",
          "%u0041",
        ]),
    ],
    [2, () => percentEncode(r.unicode(r.int(1, 30)))],
    [2, () => "t".repeat(r.int(1000, 5000))],
    [1, () => `task_${"%41".repeat(r.int(100, 1000))}`],
    [1, () => r.pick(["a;b", "a?b=c", "a#frag", "a@b", "a:b", "a,b", "~", "!", "'", "(", "*", "$", "a+b"])],
  ])();
}

function randomPath(r: Rand, taskIds: string[], mediaPaths: string[]): { path: string; endpoint: Endpoint | "get" | "other" } {
  return r.weighted<() => { path: string; endpoint: Endpoint | "get" | "other" }>([
    [24, () => ({ path: "/v1/videos/generations", endpoint: "videos" })],
    [22, () => ({ path: "/v1/images/generations", endpoint: "images" })],
    [14, () => ({ path: "/api/video/generate", endpoint: "legacy" })],
    [14, () => ({ path: `/v1/tasks/${weirdId(r, taskIds)}`, endpoint: "get" })],
    [7, () => ({ path: `/api/video/task/${weirdId(r, taskIds)}`, endpoint: "get" })],
    [
      6,
      () => ({
        path: r.pick<() => string>([
          () => (mediaPaths.length > 0 ? r.pick(mediaPaths) : `/media/${r.hex(24)}.png`),
          () => `/media/${r.hex(24)}.${r.pick(["png", "jpeg", "mp4", "gif", "PNG", "png.png", ""])}`,
          () => (mediaPaths.length > 0 ? r.pick(mediaPaths).replace(/\.\w+$/, r.pick([".mp4", ".jpeg", ".png", ""])) : "/media/"),
          () =>
            `/media/${r.pick(["__proto__", "constructor", "..%2F..%2Fetc%2Fpasswd", "%2e%2e/state.json", "%E0%A4%A", "x".repeat(5000)])}.png`,
          () => "/media/",
        ])(),
        endpoint: "other",
      }),
    ],
    [
      6,
      () => ({
        path: r.pick([
          "/",
          "/v1",
          "/v1/",
          "/v1/tasks",
          "/v1/tasks/",
          "/v1/videos/generations/",
          "/V1/videos/generations",
          "//v1/images/generations",
          "/v1/images/generations?x=1",
          "/v1/tasks/a/b",
          "/api/video/task/",
          "/api/video/generate/",
          "/api/video",
          "/v2/videos/generations",
          "/__emulatorx",
          "/favicon.ico",
          "/%",
          "/v1/%E0%A4%A",
          "/v1/images%2Fgenerations",
          "/v1/./images/generations",
          "/v1/videos/../images/generations",
          `/${"a/".repeat(500)}`,
          "/api/video/task/%2F",
          "/?__proto__=1",
          "/v1/tasks/task_1?x=%E0%A4%A",
        ]),
        endpoint: "other",
      }),
    ],
  ])();
}

function buildRequest(
  r: Rand,
  index: number,
  accounts: Accounts,
  state: { taskIds: string[]; mediaPaths: string[]; reusedKeys: string[] },
): FuzzRequest {
  const { path, endpoint } = randomPath(r, state.taskIds, state.mediaPaths);
  const creation = endpoint === "videos" || endpoint === "images" || endpoint === "legacy";
  const method = r.weighted<string>(
    creation
      ? [
          [88, "POST"],
          [4, "GET"],
          [2, "PUT"],
          [2, "DELETE"],
          [1, "PATCH"],
          [1, "HEAD"],
          [1, "OPTIONS"],
          [1, "PROPFIND"],
        ]
      : [
          [80, "GET"],
          [6, "POST"],
          [4, "HEAD"],
          [3, "DELETE"],
          [2, "PUT"],
          [2, "OPTIONS"],
          [1, "PATCH"],
          [1, "SEARCH"],
        ],
  );

  const headers: Record<string, string | string[]> = {};
  const auth = keyHeader(r, accounts, "bearer");
  const legacyKey = keyHeader(r, accounts, "plain");
  if (auth.value !== undefined) headers.authorization = auth.value;
  if (legacyKey.value !== undefined) headers["x-api-key"] = legacyKey.value;
  // Duplicate x-api-key lines: node joins them with ", ", which is no key.
  if (legacyKey.value !== undefined && r.chance(0.02)) headers["x-api-key"] = [legacyKey.value, legacyKey.value];
  const roles = {
    v1: auth.role,
    legacy: headers["x-api-key"] && Array.isArray(headers["x-api-key"]) ? "garbage" : legacyKey.role,
  } as FuzzRequest["roles"];

  const key = idempotencyKey(r, state.reusedKeys);
  if (key !== undefined) headers["idempotency-key"] = key;
  if (r.chance(0.02) && key !== undefined) headers["idempotency-key"] = [key, `fz-${r.hex(8)}`];
  const type = contentType(r);
  if (type !== undefined) headers["content-type"] = type;
  if (r.chance(0.05))
    headers[r.pick(["x-random", "accept", "accept-encoding", "x-forwarded-for", "origin", "cookie"])] = headerSafe(
      utf8Header(r.unicode(r.int(0, 50))),
    );
  if (r.chance(0.03)) headers.connection = "close";

  const candidates = templates(r).filter((t) =>
    endpoint !== "videos" && endpoint !== "images" && endpoint !== "legacy" ? true : t.endpoint === endpoint || r.chance(0.1),
  );
  const template = r.pick(candidates.length > 0 ? candidates : templates(r));
  const sendBody = method !== "GET" && method !== "HEAD" ? r.chance(0.97) : r.chance(0.1);
  let body: Buffer | undefined;
  let bodyKind = "none";
  if (sendBody) {
    const built = buildBody(r, template, state.taskIds);
    bodyKind = built.kind;
    body = built.bytes ?? (built.text === undefined ? undefined : Buffer.from(built.text, "utf8"));
  }
  return { index, method, path, headers, body, bodyKind, chunked: body !== undefined && r.chance(0.1), roles };
}

interface FuzzResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(base: URL, agent: http.Agent, req: FuzzRequest): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers };
    if (req.body !== undefined && !req.chunked) headers["content-length"] = String(req.body.length);
    // node frames a body as chunked by itself only for POST, PUT and PATCH: say so for the other methods.
    if (req.body !== undefined && req.chunked) headers["transfer-encoding"] = "chunked";
    const outgoing = http.request({ host: base.hostname, port: base.port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    const timeout = req.path.startsWith("/media/") ? MEDIA_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
    outgoing.setTimeout(timeout, () => outgoing.destroy(new Error(`no answer within ${timeout} ms (hang)`)));
    // A kept-alive socket the server closes as idle just as the next request goes out reads ECONNRESET (Node's
    // http docs: "retrying requests on reused sockets"); the caller may send such a request again.
    outgoing.on("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })));
    if (req.body === undefined) {
      outgoing.end();
    } else if (req.chunked) {
      // Transfer-Encoding: chunked, in a few pieces.
      const cut = Math.floor(req.body.length / 2);
      outgoing.write(req.body.subarray(0, cut));
      outgoing.end(req.body.subarray(cut));
    } else {
      outgoing.end(req.body);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// What every answer must satisfy

const ROUTES = [
  { method: "POST", pattern: /^\/v1\/videos\/generations$/, dialect: "v1" },
  { method: "POST", pattern: /^\/v1\/images\/generations$/, dialect: "v1" },
  { method: "GET", pattern: /^\/v1\/tasks\/[^/]+$/, dialect: "v1" },
  { method: "POST", pattern: /^\/api\/video\/generate$/, dialect: "legacy" },
  { method: "GET", pattern: /^\/api\/video\/task\/[^/]+$/, dialect: "legacy" },
] as const;

function decodedPath(raw: string): string | undefined {
  try {
    return decodeURIComponent(new URL(raw, "http://x").pathname);
  } catch {
    return undefined;
  }
}

function isInvalidJson(body: Buffer | undefined): boolean {
  try {
    JSON.parse((body ?? Buffer.alloc(0)).toString("utf8"));
    return false;
  } catch {
    return true;
  }
}

/** The problems with one answer; empty when it is fine. */
function check(req: FuzzRequest, res: FuzzResponse): string[] {
  const problems: string[] = [];
  const path = decodedPath(req.path);
  const isMedia =
    path !== undefined && /^\/media\/[0-9a-f]+\.(png|jpeg|mp4)$/.test(path) && (req.method === "GET" || req.method === "HEAD");
  const matches = path === undefined || isMedia ? [] : ROUTES.filter((route) => route.pattern.test(path));
  const route = matches.find((m) => m.method === req.method);
  const dialect = matches[0]?.dialect ?? "v1";

  if (res.status >= 500) problems.push(`5xx status ${res.status}`);
  if (res.status < 100 || res.status > 599) problems.push(`impossible status ${res.status}`);
  if (req.method === "POST" && req.body !== undefined && isInvalidJson(req.body) && res.status >= 200 && res.status < 300) {
    problems.push(`2xx (${res.status}) for a body that is not JSON`);
  }
  if (req.method === "POST" && req.body === undefined && res.status >= 200 && res.status < 300)
    problems.push(`2xx (${res.status}) for a POST without a body`);

  const hasBody = req.method !== "HEAD" && res.status !== 204 && res.status !== 304;
  let json: unknown;
  const isJsonType = /^application\/json\b/i.test(String(res.headers["content-type"] ?? ""));
  if (hasBody && (res.status >= 400 || !isMedia)) {
    if (!isJsonType) problems.push(`content-type ${String(res.headers["content-type"])} is not JSON`);
    try {
      json = JSON.parse(res.body.toString("utf8"));
    } catch {
      problems.push("body is not JSON");
    }
  }
  const obj = (v: unknown): Record<string, unknown> | undefined =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

  if (res.status >= 400 && res.status < 500 && hasBody && json !== undefined) {
    if (dialect === "legacy") {
      const body = obj(json);
      if (typeof body?.errorCode !== "string" || typeof body.errorMessage !== "string")
        problems.push("legacy 4xx without errorCode/errorMessage strings");
    } else {
      const error = obj(obj(json)?.error);
      if (typeof error?.code !== "string" || typeof error.message !== "string")
        problems.push("v1 4xx without error.code/error.message strings");
    }
  }
  if (res.status === 429 && res.headers["retry-after"] === undefined) problems.push("429 without Retry-After");

  // Authentication comes right after routing: a request without a known key never gets past it.
  if (route) {
    const role = req.roles[route.dialect];
    if ((role === "missing" || role === "garbage") && res.status !== 401) problems.push(`${role} API key answered ${res.status}, not 401`);
    if (role === "disabled" && res.status !== 403 && res.status !== 429) problems.push(`disabled account answered ${res.status}, not 403`);
  }

  if (res.status >= 200 && res.status < 300 && json !== undefined && route) {
    const body = obj(json);
    if (route.dialect === "v1") {
      if (typeof body?.id !== "string" || !body.id.startsWith("task_")) problems.push("2xx task without a task_ id");
      if (typeof body?.credits_reserved !== "number")
        problems.push(`2xx task whose credits_reserved is ${JSON.stringify(body?.credits_reserved)}`);
      if (!["pending", "processing", "succeeded", "failed"].includes(String(body?.status)))
        problems.push(`2xx task with status ${String(body?.status)}`);
    } else {
      if (typeof body?.taskId !== "string" || !body.taskId.startsWith("task_")) problems.push("legacy 2xx without a task_ taskId");
      if (typeof body?.creditCost !== "number") problems.push(`legacy 2xx whose creditCost is ${JSON.stringify(body?.creditCost)}`);
    }
  }
  return problems;
}

function describeRequest(req: FuzzRequest): string {
  const clip = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
  const headers = Object.entries(req.headers)
    .map(([k, v]) => `${k}: ${clip(JSON.stringify(v), 80)}`)
    .join("; ");
  const body =
    req.body === undefined
      ? "no body"
      : `${req.chunked ? "chunked " : ""}${req.body.length} bytes ${clip(JSON.stringify(req.body.toString("utf8")), 160)}`;
  return `#${req.index} ${req.method} ${clip(req.path)} [${headers}] body(${req.bodyKind}): ${body}`;
}

// ---------------------------------------------------------------------------------------------
// Raw sockets, for clients that lie

interface RawOptions {
  waitMs?: number;
  halfClose?: boolean;
  gapMs?: number;
  /** Stop reading once the answers so far say what the case waits for (a condition, not a time). */
  answered?: (statuses: number[]) => boolean;
}

/** Writes `parts` to a fresh connection (pausing `gapMs` between them), reads until close, `answered` or `waitMs`. */
function rawExchange(url: URL, parts: (string | Buffer)[], options: RawOptions = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(received).toString("latin1"));
    };
    const timer = setTimeout(finish, options.waitMs ?? 1500);
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      if (options.answered?.(statusesIn(Buffer.concat(received).toString("latin1")))) finish();
    });
    socket.on("close", finish);
    socket.on("error", () => undefined);
    socket.on("connect", async () => {
      for (const part of parts) {
        if (socket.destroyed) break;
        socket.write(part);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
      if (options.halfClose && !socket.destroyed) socket.end();
    });
  });
}

function statusesIn(raw: string): number[] {
  return [...raw.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
}

// ---------------------------------------------------------------------------------------------

let emulator: RunningEmulator;
let base: URL;
let agent: http.Agent;
const accounts: Accounts = { poor: [], rich: [], disabled: "" };

async function control(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${emulator.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function newAccount(input: Record<string, unknown>): Promise<string> {
  const { status, json } = await control("/__emulator/accounts", input);
  expect(status).toBe(201);
  return String(json.apiKey);
}

/** A plain, valid request through the same raw client: the emulator is alive and answering. */
async function alive(key: string): Promise<FuzzResponse> {
  return send(base, agent, {
    index: -1,
    method: "GET",
    path: `/v1/tasks/task_${"0".repeat(24)}`,
    headers: { authorization: `Bearer ${key}` },
    bodyKind: "none",
    chunked: false,
    roles: { v1: "poor", legacy: "missing" },
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, timings: { imageSeconds: 1, videoSeconds: 2, refundSeconds: 1 } });
  base = new URL(emulator.url);
  agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const plans = ["free", "paid", "lifetime"] as const;
  for (let i = 0; i < 40; i++) accounts.poor.push(await newAccount({ credits: 0, plan: plans[i % 3] }));
  for (let i = 0; i < 2; i++) accounts.rich.push(await newAccount({ credits: 1_000_000_000, plan: plans[i % 3] }));
  accounts.disabled = await newAccount({ credits: 1_000_000, disabled: true });
});

afterAll(async () => {
  agent?.destroy();
  await emulator?.close();
});

describe("emulator fuzz: malformed requests get a 4xx JSON error, never a 5xx", () => {
  it(`answers ${BATCHES * BATCH_SIZE} random requests correctly (seed ${SEED})`, { timeout: 120_000 }, async () => {
    const r = new Rand(prng(SEED));
    const state = {
      taskIds: [] as string[],
      mediaPaths: [] as string[],
      reusedKeys: Array.from({ length: 6 }, (_, i) => `fz-reused-${i}`),
    };
    const failures: { category: string; detail: string }[] = [];
    const statusCounts = new Map<number, number>();
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort().join();
    let sent = 0;
    const started = performance.now();

    for (let batch = 0; batch < BATCHES; batch++) {
      // Built before sending, so the sequence of requests depends on the seed alone.
      const requests = Array.from({ length: BATCH_SIZE }, (_, i) => buildRequest(r, batch * BATCH_SIZE + i, accounts, state));
      let next = 0;
      const worker = async () => {
        while (next < requests.length) {
          const req = requests[next++]!;
          let res: FuzzResponse;
          try {
            res = await send(base, agent, req).catch((error: { code?: string; reusedSocket?: boolean }) => {
              // The keep-alive race, not an answer: a machine with every core busy stalled the client past the
              // server's 5 s idle timeout mid-run and 11 requests met sockets closing under them.
              if (error.reusedSocket && error.code === "ECONNRESET") return send(base, agent, req);
              throw error;
            });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            // An oversized upload may be cut off once the 413 is sent: the client can see a reset instead.
            const oversized = (req.body?.length ?? 0) > MAX_BODY && /ECONNRESET|EPIPE|socket hang up/.test(message);
            if (!oversized) failures.push({ category: `no answer: ${message}`, detail: describeRequest(req) });
            continue;
          }
          sent += 1;
          statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
          for (const problem of check(req, res)) {
            failures.push({
              category: problem.replace(/\d{3}/g, "NNN"),
              detail: `${problem} ← ${describeRequest(req)} → ${res.status} ${res.body.toString("utf8").slice(0, 200)}`,
            });
          }
          if (res.status === 200 || res.status === 202) {
            try {
              const body = JSON.parse(res.body.toString("utf8")) as { id?: unknown; taskId?: unknown; data?: { url?: unknown }[] };
              const id = body.id ?? body.taskId;
              if (typeof id === "string" && !state.taskIds.includes(id)) state.taskIds.push(id);
              for (const item of body.data ?? []) if (typeof item.url === "string") state.mediaPaths.push(new URL(item.url).pathname);
            } catch {
              // media bytes
            }
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      // A minute later for every key: the rate limit never swallows the fuzz, and tasks move on.
      expect((await control("/__emulator/clock", { advanceSeconds: 61 })).status).toBe(200);
    }

    const elapsed = Math.round(performance.now() - started);
    const protoAfter = Object.getOwnPropertyNames(Object.prototype).sort().join();
    if (protoAfter !== protoBefore) {
      failures.push({ category: "Object.prototype was modified", detail: `own properties now: ${protoAfter}` });
      delete (Object.prototype as Record<string, unknown>).credits;
    }
    const alive0 = await alive(accounts.poor[0]!);
    if (alive0.status !== 404) failures.push({ category: "not answering after the fuzz", detail: `GET unknown task → ${alive0.status}` });

    const byCategory = new Map<string, string[]>();
    for (const f of failures) byCategory.set(f.category, [...(byCategory.get(f.category) ?? []), f.detail]);
    const summary = [...byCategory.entries()]
      .map(([category, details]) => `• ${category} (${details.length}×), e.g.\n    ${details.slice(0, 3).join("\n    ")}`)
      .join("\n");
    const counts = [...statusCounts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}:${n}`)
      .join(" ");
    console.log(`[fuzz] seed ${SEED}: ${sent} answers in ${elapsed} ms; statuses ${counts}; ${state.taskIds.length} tasks created`);

    expect(sent).toBeGreaterThanOrEqual(3000);
    expect(failures.length, `fuzz seed ${SEED} (re-run with FUZZ_SEED=${SEED}): ${failures.length} failures\n${summary}`).toBe(0);
  });

  it("survives clients that lie about Content-Length, send oversized bodies or broken HTTP", { timeout: 60_000 }, async () => {
    const key = accounts.poor[1]!;
    const head = (path: string, extra: string) =>
      `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nx-api-key: ${key}\r\nIdempotency-Key: fz-liar-${Math.random().toString(36).slice(2)}\r\nContent-Type: application/json\r\n${extra}\r\n`;
    const valid = JSON.stringify({ model: "gamma-5-pro", prompt: "a cat on a mat" });
    const cases: {
      name: string;
      parts: (string | Buffer)[];
      options?: RawOptions;
      expect?: (statuses: number[]) => void;
    }[] = [
      {
        name: "Content-Length larger than the body, then half-close",
        parts: [head("/v1/images/generations", "Content-Length: 100\r\n"), valid.slice(0, 10)],
        options: { halfClose: true },
      },
      {
        name: "Content-Length larger than the body, connection held open",
        parts: [head("/v1/images/generations", "Content-Length: 100\r\n"), valid.slice(0, 10)],
        options: { waitMs: 800 },
      },
      {
        name: "Content-Length smaller than the body",
        parts: [head("/v1/images/generations", "Content-Length: 10\r\n"), valid],
        expect: (s) => expect(s[0]).toBe(400),
      },
      {
        name: "declared 1 MB, sends 10 bytes",
        parts: [head("/v1/images/generations", "Content-Length: 1000000\r\n"), valid.slice(0, 10)],
        expect: (s) => expect(s[0]).toBe(413),
      },
      // The server answers 413 without reading on; the unread upload can turn its close into a reset that eats the answer.
      {
        name: "declared 1 MB, sends 1 MB",
        parts: [head("/v1/videos/generations", "Content-Length: 1000000\r\n"), Buffer.alloc(1_000_000, 0x20)],
        expect: (s) => expect(s.slice(0, 1)).toEqual(s.length ? [413] : []),
      },
      {
        name: "chunked 300 KiB body",
        parts: [
          head("/api/video/generate", "Transfer-Encoding: chunked\r\n"),
          ...Array.from({ length: 30 }, () => `2800\r\n${" ".repeat(0x2800)}\r\n`),
          "0\r\n\r\n",
        ],
        expect: (s) => expect(s.slice(0, 1)).toEqual(s.length ? [413] : []),
      },
      {
        name: "chunked body that stops mid-chunk",
        parts: [head("/v1/images/generations", "Transfer-Encoding: chunked\r\n"), 'ff\r\n{"model":'],
        options: { halfClose: true },
      },
      { name: "bad chunk size", parts: [head("/v1/images/generations", "Transfer-Encoding: chunked\r\n"), "zz\r\nabc\r\n0\r\n\r\n"] },
      { name: "non-numeric Content-Length", parts: [head("/v1/images/generations", "Content-Length: abc\r\n"), valid] },
      { name: "negative Content-Length", parts: [head("/v1/images/generations", "Content-Length: -5\r\n"), valid] },
      {
        name: "two different Content-Lengths",
        parts: [head("/v1/images/generations", `Content-Length: ${valid.length}\r\nContent-Length: 3\r\n`), valid],
      },
      {
        name: "Content-Length and chunked together",
        parts: [head("/v1/images/generations", `Content-Length: ${valid.length}\r\nTransfer-Encoding: chunked\r\n`), valid],
      },
      {
        name: "Expect: 100-continue",
        parts: [head("/v1/images/generations", `Content-Length: ${valid.length}\r\nExpect: 100-continue\r\n`), valid],
        expect: (s) => expect(s.filter((x) => x !== 100)[0]).toBe(402),
        options: { answered: (s) => s.some((x) => x !== 100) },
      },
      { name: "unknown method", parts: [`BREW /v1/tasks/x HTTP/1.1\r\nHost: x\r\n\r\n`] },
      { name: "garbage instead of HTTP", parts: [Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256))] },
      {
        name: "raw UTF-8 in the request line",
        parts: [Buffer.from(`GET /v1/tasks/tâsk_ü🌩️ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`, "utf8")],
      },
      { name: "header over 16 KiB", parts: [`GET /v1/tasks/x HTTP/1.1\r\nHost: x\r\nIdempotency-Key: ${"k".repeat(20_000)}\r\n\r\n`] },
      { name: "URL over 16 KiB", parts: [`GET /v1/tasks/${"t".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`] },
      { name: "header line without colon", parts: [`GET /v1/tasks/x HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n`] },
      { name: "HTTP/0.9 request", parts: ["GET /v1/tasks/x\r\n\r\n"] },
      {
        name: "slow headers, a byte at a time",
        parts: [...`GET /v1/tasks/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`].map((c) => c),
        options: { gapMs: 1 },
        expect: (s) => expect(s[0]).toBe(404),
      },
      {
        name: "pipelined requests, one of them malformed JSON",
        parts: [
          `GET /v1/tasks/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n` +
            `${head("/v1/images/generations", "Content-Length: 5\r\n")}{"a":` +
            `GET /v1/tasks/y HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`,
        ],
        expect: (s) => expect(s).toEqual([404, 400, 404]),
        options: { answered: (s) => s.length >= 3 },
      },
    ];
    const problems: string[] = [];
    // All at once, as a crowd of broken clients would be. A case that expects answers reads until they came or the
    // server closed (30 s is a hang detector: a busy machine took over a second to answer); the others read for a
    // second, looking only for a 5xx.
    const raws = await Promise.all(
      cases.map((c) =>
        rawExchange(base, c.parts, {
          waitMs: c.expect ? 30_000 : 1000,
          ...(c.expect ? { answered: (s: number[]) => s.length >= 1 } : {}),
          ...c.options,
        }),
      ),
    );
    cases.forEach((c, i) => {
      const raw = raws[i] ?? "";
      const statuses = statusesIn(raw);
      if (statuses.some((s) => s >= 500))
        problems.push(`${c.name}: answered ${statuses.join(", ")}: ${raw.slice(0, 300).replace(/\r\n/g, " | ")}`);
      try {
        c.expect?.(statuses);
      } catch (error) {
        problems.push(
          `${c.name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)} (got ${statuses.join(", ") || "nothing"})`,
        );
      }
    });
    const after = await alive(key);
    if (after.status !== 404) problems.push(`after the broken clients, a normal request answered ${after.status}`);

    // The same lies through node:http: a body over 64 KiB with an honest length, and one declared small.
    const big = Buffer.from(JSON.stringify({ model: "gamma-5-pro", prompt: "b".repeat(200_000) }));
    for (const chunked of [false, true]) {
      const res = await send(base, new http.Agent(), {
        index: -2,
        method: "POST",
        path: "/v1/images/generations",
        bodyKind: "oversized",
        chunked,
        body: big,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "fz-big" },
        roles: { v1: "poor", legacy: "missing" },
      }).catch((error: unknown) => ({ status: 0, headers: {}, body: Buffer.from(String(error)) }));
      if (res.status !== 413 && !/ECONNRESET|EPIPE/.test(res.body.toString()))
        problems.push(
          `oversized via node:http (${chunked ? "chunked" : "Content-Length"}): ${res.status} ${res.body.toString().slice(0, 200)}`,
        );
    }
    expect(problems).toEqual([]);
  });
});

describe("emulator fuzz: findings, pinned", () => {
  it("treats API keys named like Object.prototype members as unknown keys (401), without touching Object.prototype", async () => {
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort().join();
    const problems: string[] = [];
    try {
      for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
        const bodyOf = (b: unknown) => ({
          method: "POST",
          headers: {
            "content-type": "application/json",
            "idempotency-key": `fz-proto-${name}`,
            authorization: `Bearer ${name}`,
            "x-api-key": name,
          },
          body: JSON.stringify(b),
        });
        const answers = [
          [
            "POST /v1/images/generations",
            await fetch(`${emulator.url}/v1/images/generations`, bodyOf({ model: "gamma-5-pro", prompt: "a cat on a mat" })),
          ],
          ["GET /v1/tasks/task_x", await fetch(`${emulator.url}/v1/tasks/task_x`, { headers: { authorization: `Bearer ${name}` } })],
          [
            "POST /api/video/generate",
            await fetch(`${emulator.url}/api/video/generate`, bodyOf({ modelKey: "alpha-2.3", prompt: "a cat" })),
          ],
          ["GET /api/video/task/task_x", await fetch(`${emulator.url}/api/video/task/task_x`, { headers: { "x-api-key": name } })],
        ] as const;
        for (const [what, res] of answers) {
          const text = await res.text();
          if (res.status !== 401) problems.push(`${what} with key "${name}" → ${res.status} ${text.slice(0, 160)}`);
        }
      }
    } finally {
      const protoAfter = Object.getOwnPropertyNames(Object.prototype).sort().join();
      if (protoAfter !== protoBefore) {
        problems.push(
          `Object.prototype gained own properties: ${protoAfter
            .split(",")
            .filter((p) => !protoBefore.split(",").includes(p))
            .join(", ")} (credits = ${String((Object.prototype as Record<string, unknown>).credits)})`,
        );
        delete (Object.prototype as Record<string, unknown>).credits;
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    [
      "arrays in a gamma-5-pro body",
      "/v1/images/generations",
      `{"model":"gamma-5-pro","prompt":"abc","x":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      true,
    ],
    [
      "objects in a delta-image-2 body (no Idempotency-Key)",
      "/v1/images/generations",
      `{"model":"delta-image-2","prompt":"abc","x":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`,
      false,
    ],
    ["arrays as a legacy body", "/api/video/generate", `${"[".repeat(5000)}${"]".repeat(5000)}`, true],
  ])("answers 4xx, not 500, to JSON nested 5,000 deep: %s", async (_name, path, body, withKey) => {
    const key = accounts.poor[2]!;
    const res = await fetch(`${emulator.url}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "x-api-key": key,
        "content-type": "application/json",
        ...(withKey ? { "idempotency-key": `fz-deep-${Math.random().toString(36).slice(2)}` } : {}),
      },
      body,
    });
    const text = await res.text();
    expect(res.status, text).toBeGreaterThanOrEqual(400);
    expect(res.status, text).toBeLessThan(500);
  });

  it("control API: a percent-encoding that decodes to a bad escape is a 4xx, not a 500", async () => {
    const res = await fetch(`${emulator.url}/__emulator/accounts/%25E0%25A4%25A`);
    const text = await res.text();
    expect(res.status, text).toBeGreaterThanOrEqual(400);
    expect(res.status, text).toBeLessThan(500);
  });
});

describe("after the fuzz", () => {
  it("still answers a normal valid request: 202, then GET 200", async () => {
    const key = await newAccount({ credits: 1000, plan: "paid" });
    const created = await fetch(`${emulator.url}/v1/images/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "fz-final-1" },
      body: JSON.stringify({ model: "gamma-5-pro", prompt: "A lighthouse on a cliff at dusk" }),
    });
    expect(created.status).toBe(202);
    const task = (await created.json()) as { id: string; status: string; model: string; credits_reserved: number };
    expect(task).toMatchObject({ status: "pending", model: "gamma-5-pro", credits_reserved: 35 });
    const got = await fetch(`${emulator.url}/v1/tasks/${task.id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id: task.id, model: "gamma-5-pro", credits_reserved: 35 });
  });
});
