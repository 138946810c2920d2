// Issue 25: a body over its route's limit is refused at the edge, before Next reads it. Next kept the first
// 96 KiB of a larger chunked body and handed the route that part (valid JSON, then spaces: parsed), and
// waited for a declared length or an endless body as long as the client liked. This runs the launcher's
// front around a real HTTP server standing in for Next, which reads bodies the way Next does.
import "@/lib/launcher/front.mjs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUTH_BODY_LIMIT, GATEWAY_BATCH_MAX_BYTES, MAX_JSON_BODY, UPLOAD_MAX_BYTES } from "@/lib/http/body-limits.mjs";

/** What the stand-in for Next saw of one request: the bytes handed to it, and how the body ended. */
interface Seen {
  bytes: number;
  ended: "end" | string;
  /** The front's stamp: whether the connected machine sent X-Forwarded-For itself. */
  forwarded?: string | string[];
}

let server: Server;
let port: number;
let seen: Seen[] = [];
let sockets: Socket[] = [];
const CHUNK = 64 * 1024;

interface Answer {
  status: number;
  body: string;
  headers: IncomingMessage["headers"];
  /** The connection was closed after the answer (it was not kept for another request). */
  closed: Promise<void>;
}

/**
 * POSTs to `path` with the given headers, then writes `chunk` again and again (none when null) until the
 * answer comes or `total` bytes are sent; resolves with the answer once its body is read.
 */
function post(path: string, headers: Record<string, string>, chunk: Buffer | null, total = Infinity): Promise<Answer & { sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
      answered = true;
      const closed = new Promise<void>((done) => res.socket.once("close", () => done()));
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => (body += part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers, closed, sent }));
    });
    // The server hangs up while the client is still sending: expected once the answer is on its way.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (!chunk) return void req.flushHeaders();
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (sent >= total) req.end();
    };
    write();
  });
}

/** A body in chunks of CHUNK bytes that starts as valid JSON and continues with spaces. */
const jsonThenSpaces = Buffer.concat([Buffer.from('{"name":"Eve"}'), Buffer.alloc(CHUNK - 14, " ")]);

describe("body limits at the front", () => {
  beforeAll(async () => {
    server = createServer((req, res) => {
      const entry: Seen = { bytes: 0, ended: "pending", forwarded: req.headers["x-darkroom-peer-forwarded"] };
      seen.push(entry);
      req.on("data", (part: Buffer) => (entry.bytes += part.length));
      req.on("error", (error) => (entry.ended = error.name));
      req.on("end", () => {
        entry.ended = "end";
        res.end(`read ${entry.bytes}`);
      });
    });
    server.on("connection", (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    seen = [];
    sockets = [];
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ["/api/setup", MAX_JSON_BODY, "payload_too_large"],
    ["/api/generations?x=1", MAX_JSON_BODY, "payload_too_large"],
    ["/api/auth/sign-in/email", AUTH_BODY_LIMIT, "PAYLOAD_TOO_LARGE"],
    ["/api/uploads", UPLOAD_MAX_BYTES, "payload_too_large"],
    ["/v1/batches?over_budget=trim", GATEWAY_BATCH_MAX_BYTES, "payload_too_large"],
    ["/v1/batches/x", MAX_JSON_BODY, "payload_too_large"],
  ])("%s: a declared length over %i bytes gets 413 before any body byte is sent, and the connection closes", async (path, limit, code) => {
    const answer = await post(path, { "content-type": "application/json", "content-length": String(limit + 1) }, null);
    expect(answer.status).toBe(413);
    const body = JSON.parse(answer.body) as { code?: string; error?: { code: string; message: string } };
    expect(body.error?.code ?? body.code).toBe(code);
    expect(answer.headers).toMatchObject({ connection: "close", "cache-control": "no-store", "x-content-type-options": "nosniff" });
    expect(answer.headers["permissions-policy"]).toContain("camera=()");
    await answer.closed;
    expect(seen).toEqual([]); // Next never saw the request
  });

  it("a chunked body gets 413 once it passes the limit; nothing past it is handed on, and at most a chunk more is read", async () => {
    const answer = await post("/api/setup", { "content-type": "application/json", "transfer-encoding": "chunked" }, jsonThenSpaces);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: "payload_too_large", message: "The request body is over 64 KiB." } });
    await answer.closed;
    await expect.poll(() => seen[0]?.ended).toBe("AbortError");
    // The stand-in got the body up to the limit and then an abort, never an end it could parse a part at.
    expect(seen[0]!.bytes).toBeLessThanOrEqual(MAX_JSON_BODY);
    const [socket] = sockets;
    await expect.poll(() => socket!.destroyed).toBe(true);
    // Headers, the limit, one read of the socket more (at most 64 KiB) and chunk framing.
    expect(socket!.bytesRead).toBeLessThan(MAX_JSON_BODY + 64 * 1024 + 2048);
    expect(answer.sent).toBeLessThan(50 * 1024 * 1024); // the client stopped on the answer, not at the end of anything
  });

  it("stamps whether the connected machine sent X-Forwarded-For itself (Next adds one to every request), unforgeably", async () => {
    await post("/api/setup", { "x-forwarded-for": "203.0.113.50" }, Buffer.from("{}"), 2);
    await post("/api/setup", { "x-darkroom-peer-forwarded": "1" }, Buffer.from("{}"), 2);
    expect(seen.map((entry) => entry.forwarded)).toEqual(["1", undefined]);
  });

  it("better-auth's routes refuse past 16 KiB, in its own shape", async () => {
    const answer = await post("/api/auth/sign-in/email", { "content-type": "application/json" }, Buffer.alloc(4096, " "));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The request body is over 16 KiB." });
    expect(seen[0]!.bytes).toBeLessThanOrEqual(AUTH_BODY_LIMIT);
  });

  it("bodies within the limit reach the server whole, chunked or declared; an upload may be larger", async () => {
    const json = await post("/api/setup", { "content-type": "application/json" }, Buffer.alloc(16 * 1024, " "), MAX_JSON_BODY);
    expect(json).toMatchObject({ status: 200, body: `read ${MAX_JSON_BODY}` });
    const upload = Buffer.alloc(CHUNK, 1);
    const declared = 40 * CHUNK; // 2.5 MB
    const image = await post("/api/uploads", { "content-type": "image/png", "content-length": String(declared) }, upload, declared);
    expect(image).toMatchObject({ status: 200, body: `read ${declared}` });
    const chunked = await post("/api/uploads", { "content-type": "image/png" }, upload, declared);
    expect(chunked).toMatchObject({ status: 200, body: `read ${declared}` });
    expect(seen.map((entry) => entry.ended)).toEqual(["end", "end", "end"]);
  });
});
