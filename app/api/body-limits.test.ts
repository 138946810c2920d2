// Unauthenticated memory exhaustion: a chunked body (no Content-Length) of several megabytes sent without a
// session to every route that reads a body, better-auth's included. Each answer is 413 (or 401/403), the
// server pulls no more than the limit from the stream, and its memory grows by less than 20 MB.
import { beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as downloadsRoute from "@/app/api/downloads/route";
import * as generationsRoute from "@/app/api/generations/route";
import * as memberRoute from "@/app/api/members/[id]/route";
import * as membersRoute from "@/app/api/members/route";
import * as queueStateRoute from "@/app/api/queue/state/route";
import * as setupRoute from "@/app/api/setup/route";
import * as taskRoute from "@/app/api/tasks/[id]/route";
import * as importRoute from "@/app/api/tasks/import/route";
import { AUTH_BODY_LIMIT, MAX_JSON_BODY } from "@/lib/http/body-limits.mjs";
import { migrated, ORIGIN } from "@/lib/testing/app";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const BODY_BYTES = 4 * 1024 * 1024;
const CHUNK = 16 * 1024;
const MB = 1024 * 1024;

const ROUTES: [string, string, Handler, number][] = [
  ["POST", "/api/setup", setupRoute.POST, MAX_JSON_BODY],
  ["POST", "/api/generations", generationsRoute.POST, MAX_JSON_BODY],
  ["POST", "/api/members", membersRoute.POST, MAX_JSON_BODY],
  ["PATCH", "/api/members/x", memberRoute.PATCH, MAX_JSON_BODY],
  ["POST", "/api/downloads", downloadsRoute.POST, MAX_JSON_BODY],
  ["POST", "/api/tasks/import", importRoute.POST, MAX_JSON_BODY],
  ["PATCH", "/api/tasks/x", taskRoute.PATCH, MAX_JSON_BODY],
  ["PUT", "/api/queue/state", queueStateRoute.PUT, MAX_JSON_BODY],
  ["POST", "/api/auth/sign-in/email", authRoute.POST, AUTH_BODY_LIMIT],
  ["POST", "/api/auth/update-user", authRoute.POST, AUTH_BODY_LIMIT],
  ["POST", "/api/auth/change-password", authRoute.POST, AUTH_BODY_LIMIT],
  ["POST", "/api/auth/sign-out", authRoute.POST, AUTH_BODY_LIMIT],
  ["POST", "/api/auth/unknown-endpoint", authRoute.POST, AUTH_BODY_LIMIT],
];

/** A JSON-looking body made chunk by chunk as the server pulls it, counting what it pulled. */
function chunkedBody(total: number) {
  const counter = { pulled: 0 };
  const chunk = new TextEncoder().encode(`{"x":"${"a".repeat(CHUNK - 6)}`);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        counter.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

describe("body limits before authentication", () => {
  beforeAll(migrated);

  it(`answers 413 (or 401/403) to a ${BODY_BYTES / MB} MB chunked body on every body-reading route, reading at most the limit`, async () => {
    globalThis.gc?.();
    const before = process.memoryUsage();
    const results: string[] = [];
    for (const [method, path, handler, limit] of ROUTES) {
      const { stream, counter } = chunkedBody(BODY_BYTES);
      const request = new Request(`${ORIGIN}${path}`, {
        method,
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      const response = await handler(request, { params: Promise.resolve({ id: "x" }) });
      await response.text();
      results.push(`${method} ${path}: ${response.status}, ${counter.pulled} bytes read`);
      expect([401, 403, 413], `${method} ${path}`).toContain(response.status);
      expect(counter.pulled, `${method} ${path} read past its limit`).toBeLessThanOrEqual(limit + 2 * CHUNK);
    }
    globalThis.gc?.();
    const after = process.memoryUsage();
    const grew = (after.rss - before.rss) / MB;
    const heap = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB;
    console.log(
      `${results.join("\n")}\nmemory growth over ${ROUTES.length} × ${BODY_BYTES / MB} MB: rss ${grew.toFixed(1)} MB, heap+buffers ${heap.toFixed(1)} MB`,
    );
    expect(grew).toBeLessThan(20);
  });

  it("still refuses a declared Content-Length over the limit without reading", async () => {
    const { stream, counter } = chunkedBody(BODY_BYTES);
    const request = new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "content-length": String(BODY_BYTES) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await authRoute.POST(request);
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("answers a body that breaks off (the client gone, or cut by the launcher's front past its limit) with a 400, not a 500", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"Eve",'));
        controller.error(Object.assign(new Error("The request body is over its limit."), { name: "AbortError" }));
      },
    });
    const request = new Request(`${ORIGIN}/api/setup`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await setupRoute.POST(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request:body");
  });
});
