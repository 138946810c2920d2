import type { IncomingMessage, ServerResponse } from "node:http";

/** What a route answers; one writer sends it, so a fault can replace or drop it after the work is done. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw bytes, sent as they are instead of JSON; an empty contentType sends no Content-Type header. */
  raw?: { contentType: string; data: Buffer | string };
  /** A file to stream. */
  file?: { contentType: string; path: string; size: number };
}

export const MAX_BODY_BYTES = 64 * 1024;

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

/** The v1 error shape: {"error": {"code", "message", "field"?}}. */
export function v1Error(status: number, code: string, message: string, extra?: { field?: string; retryAfter?: string }): Reply {
  const error: Record<string, string> = { code, message };
  if (extra?.field) error.field = extra.field;
  return json(status, { error }, extra?.retryAfter !== undefined ? { "Retry-After": extra.retryAfter } : undefined);
}

/** Deeper than any request of the spec needs; deeper bodies would exhaust the stack further on. */
export const MAX_JSON_DEPTH = 32;

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: "The request body is not valid JSON." };
  }
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth > MAX_JSON_DEPTH) return { ok: false, message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.` };
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return { ok: true, value };
}

export type BodyResult = { ok: true; text: string } | { ok: false; tooLarge: true };

/** Reads the body, giving up as soon as it passes the 64 KiB limit. */
export function readBody(req: IncomingMessage): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.resolve({ ok: false, tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        resolve({ ok: false, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
    });
    req.on("error", reject);
  });
}

export function sendReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  createReadStream: (path: string) => NodeJS.ReadableStream,
): void {
  if (!req.complete && reply.status !== 413) {
    // Refused before its body was read (a wrong method, a missing key): read the rest first, up to the body
    // limit. Answered and closed with the body still arriving, the client got a reset instead of the answer
    // (the fuzz saw "read ECONNRESET" for a 102-byte PUT on a busy machine).
    let size = 0;
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      writeReply(req, res, reply, createReadStream);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) answer();
    });
    req.once("end", answer);
    return;
  }
  writeReply(req, res, reply, createReadStream);
}

function writeReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  createReadStream: (path: string) => NodeJS.ReadableStream,
): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (!req.complete) {
    // The body was refused unread (413, or past the limit above): close rather than read megabytes we will
    // throw away.
    headers.Connection = "close";
  }
  if (reply.file) {
    res.writeHead(reply.status, { ...headers, "Content-Type": reply.file.contentType, "Content-Length": reply.file.size });
    if (req.method === "HEAD") res.end();
    else createReadStream(reply.file.path).pipe(res);
    return;
  }
  const payload = reply.raw ? reply.raw.data : reply.body === undefined ? "" : JSON.stringify(reply.body);
  const contentType = reply.raw ? reply.raw.contentType : "application/json; charset=utf-8";
  res.writeHead(reply.status, {
    ...headers,
    ...(reply.status === 204 ? {} : { "Content-Length": Buffer.byteLength(payload) }),
    // An empty raw content type sends no Content-Type at all (profile errorBody "empty").
    ...(reply.status === 204 || contentType === "" ? {} : { "Content-Type": contentType }),
  });
  res.end(req.method === "HEAD" || reply.status === 204 ? undefined : payload);
}
