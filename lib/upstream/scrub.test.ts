// Item 8 of issue 14: a failed task's message in a 200 answer is the upstream's own text. An upstream that
// echoes the key, a bearer token or its internal addresses must not get them into the database or the UI.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstreamClient } from "./client";
import { REASON_MAX, scrub, scrubCode, UNKNOWN_CODE, withoutSecrets } from "./scrub";

const KEY = "sk_live_4f9c2b7e1d8a6053aa91";
const LEAK = [
  `Key ${KEY} is not allowed for this model.`,
  `Tried with fragment ${KEY.slice(3, 17)} and tail ${KEY.slice(-9)}.`,
  "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig forwarded,",
  "see http://10.0.0.5:8080/internal/jobs/77 or https://storage.internal.example/bucket/obj?sig=abc",
  "worker 192.168.4.20:9000 failed;",
  "x".repeat(20_000),
].join(" ");

/** A misbehaving upstream over real HTTP: it answers every request with 200 and answer()'s JSON. */
function upstream(answer: () => unknown): () => string {
  let server: Server;
  let baseUrl = "";
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer()));
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
    );
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return () => baseUrl;
}

// Every retrieval answers a failed task echoing secrets.
const leaky = upstream(() => ({
  id: "task_leaky",
  status: "failed",
  model: "gamma-5-pro",
  credits_reserved: 44,
  error: { code: "generation_failed", message: LEAK },
}));

const FORBIDDEN = [
  KEY,
  KEY.slice(3, 17),
  KEY.slice(-9),
  "eyJhbGci",
  "10.0.0.5",
  "storage.internal",
  "sig=abc",
  "192.168.4.20",
  "127.0.0.1",
];

describe("a failed task's message from a 200 answer", () => {
  it("comes out of the client without the key, its fragments, tokens or addresses, and short", async () => {
    const client = createUpstreamClient({ baseUrl: leaky(), apiKey: KEY });
    const outcome = await client.getTask("task_leaky");
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      const message = outcome.value.error?.message ?? "";
      for (const secret of FORBIDDEN) expect(message).not.toContain(secret);
      expect(message.length).toBeLessThanOrEqual(REASON_MAX);
      expect(message).toMatch(/^Key \[redacted\] is not allowed for this model\./);
      expect(outcome.value.error?.code).toBe("generation_failed");
    }
  });
});

describe("scrub", () => {
  it("keeps plain words and names what it removed", () => {
    expect(scrub("The prompt was too long for the model.", [], { key: KEY })).toBe("The prompt was too long for the model.");
    expect(scrub("token=abc123 sent", [])).toBe("token [redacted] sent");
    expect(scrub("fetch https://cdn.example.com/a.png failed", [])).toBe("fetch [link removed] failed");
    expect(scrub("at [::1]:8080 and 127.0.0.1", [])).toBe("at [address removed] and [address removed]");
  });
});

// Issue 25, finding 1: task readers lower-case codes, and an echo may change the key's case or encode it.
describe("the key in another case or form", () => {
  const MIXED = "sk_Live_9QfX2bT7+rLm4/Zp8KvN3w";
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const clean = (text: string) => scrub(text, [MIXED], { key: MIXED });

  it.each([
    ["lower case", MIXED.toLowerCase()],
    ["upper case", MIXED.toUpperCase()],
    ["base64", b64(MIXED)],
    ["URL-safe base64 inside Basic credentials", b64(`user:${MIXED}`).replaceAll("+", "-").replaceAll("/", "_")],
    ["base64 at another alignment", b64(`xy${MIXED}`)],
    ["URL-encoded", encodeURIComponent(MIXED)],
    ["every byte percent-encoded", [...Buffer.from(MIXED)].map((b) => `%${b.toString(16).toUpperCase()}`).join("")],
    ["space-separated", [...MIXED].join(" ")],
    ["split by zero-width spaces", [...MIXED].join("\u200b")],
    ["in full-width letters", MIXED.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))],
    ["an 8-character run, lower case", MIXED.slice(8, 16).toLowerCase()],
    ["a 6-character run", MIXED.slice(10, 16)],
  ])("removes it %s", (_name, form) => {
    // What an encoding of a longer text ("user:", "xy") holds apart from the key may stay around the marker.
    expect(clean(`echo: ${form} end`)).toMatch(/^echo: \S{0,12}\[redacted\]\S{0,4} end$/);
  });

  it("leaves runs shorter than 6 and ordinary words", () => {
    expect(clean(`near ${MIXED.slice(8, 13)} miss`)).toBe(`near ${MIXED.slice(8, 13)} miss`);
    expect(clean("The prompt was refused: a live key image.")).toBe("The prompt was refused: a live key image.");
  });

  it("keeps a raw answer's shape while cutting the key out of it", () => {
    const raw = JSON.stringify({ id: "task_1", details: MIXED.toLowerCase(), url: "https://cdn.example/a.png" });
    expect(JSON.parse(withoutSecrets(raw, [MIXED], MIXED))).toEqual({
      id: "task_1",
      details: "[redacted]",
      url: "https://cdn.example/a.png",
    });
  });
});

describe("scrubCode", () => {
  const code = (text: string) => scrubCode(text, [KEY], { key: KEY });

  it("keeps a short word, in lower case", () => {
    expect(code("generation_failed")).toBe("generation_failed");
    expect(code("PROMPT_BLOCKED")).toBe("prompt_blocked");
    expect(code("quota.exceeded:v2")).toBe("quota.exceeded:v2");
  });

  it("is unknown for the key in any case, a fragment of it, prose or a long text", () => {
    for (const text of [KEY, KEY.toUpperCase(), `err_${KEY.slice(5, 13)}`, "not a word", "bad/code", "x".repeat(65)])
      expect(code(text)).toBe(UNKNOWN_CODE);
  });
});

// A creation answered with a task whose id shares characters with the key: the emulator's random ids did, and
// the charged task was refused as not usable and recorded nowhere (readings.test.ts under a profile, in CI).
describe("a created task's id", () => {
  const HEX_KEY = "sk-emu-0f1e2d3c4b5a69788796a5b4c3d2e1f0";
  let id = "";
  const created = upstream(() => ({ id, status: "pending", credits_reserved: 44 }));
  const create = (taskId: string) => {
    id = taskId;
    return createUpstreamClient({ baseUrl: created(), apiKey: HEX_KEY }).createImage("{}", "idem-1");
  };

  it.each([6, 8, 11])("is kept when it shares a %i-character run with the key (chance, for random ids)", async (run) => {
    const taskId = `task_${HEX_KEY.slice(9, 9 + run)}_x`;
    expect(await create(taskId)).toMatchObject({ ok: true, value: { id: taskId } });
  });

  it.each([
    ["a 12-character run", `task_${HEX_KEY.slice(9, 21)}`],
    ["the whole key", `task_${HEX_KEY}`],
    ["the key in base64", `task_${Buffer.from(HEX_KEY).toString("base64")}`],
  ])("is refused when it holds %s, and is kept nowhere in the outcome", async (_name, taskId) => {
    const outcome = await create(taskId);
    expect(outcome).toMatchObject({ ok: false, kind: "malformed_response" });
    expect(JSON.stringify(outcome)).not.toContain(HEX_KEY.slice(9, 21));
  });
});
