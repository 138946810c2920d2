// Item 8 of issue 14: a failed task's message in a 200 answer is the upstream's own text. An upstream that
// echoes the key, a bearer token or its internal addresses must not get them into the database or the UI.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstreamClient } from "./client";
import { REASON_MAX, scrub } from "./scrub";

const KEY = "sk_live_4f9c2b7e1d8a6053aa91";
const LEAK = [
  `Key ${KEY} is not allowed for this model.`,
  `Tried with fragment ${KEY.slice(3, 17)} and tail ${KEY.slice(-9)}.`,
  "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig forwarded,",
  "see http://10.0.0.5:8080/internal/jobs/77 or https://storage.internal.example/bucket/obj?sig=abc",
  "worker 192.168.4.20:9000 failed;",
  "x".repeat(20_000),
].join(" ");

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // A misbehaving upstream over real HTTP: it answers every retrieval with a failed task echoing secrets.
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: "task_leaky",
        status: "failed",
        model: "gamma-5-pro",
        credits_reserved: 44,
        error: { code: "generation_failed", message: LEAK },
      }),
    );
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

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
    const client = createUpstreamClient({ baseUrl, apiKey: KEY });
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
