// Issue 15: the build's scripts and styles go out brotli-compressed (quality 11, compressed once) to clients
// that accept it, with Next's caching headers; everything else reaches Next untouched. This runs the
// launcher's front around a real HTTP server standing in for Next, over a scratch static folder.
import { serveStaticFrom } from "@/lib/launcher/front.mjs";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: Server;
let port: number;
let root: string;
const script = `export const chunk = ${JSON.stringify("darkroom ".repeat(4000))};\n`;
const style = `.a{color:red}\n`.repeat(500);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends a raw request target (no normalisation of `..`); the stand-in for Next answers "next saw <url>". */
function send(target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const BR = { "accept-encoding": "gzip, deflate, br, zstd" };
const passedToNext = (answer: Answer, target: string) => {
  expect(answer.headers["content-encoding"]).toBeUndefined();
  expect(answer.body.toString()).toBe(`next saw ${target}`);
};

describe("brotli for static assets", () => {
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "darkroom-brotli-"));
    root = path.join(dir, "static");
    mkdirSync(path.join(root, "chunks"), { recursive: true });
    mkdirSync(path.join(root, "css"));
    writeFileSync(path.join(root, "chunks", "abc-1_x.js"), script);
    writeFileSync(path.join(root, "css", "site.css"), style);
    writeFileSync(path.join(root, "chunks", "notes.txt"), "not a script");
    writeFileSync(path.join(dir, "secret.js"), "outside the static folder");
    serveStaticFrom(root);
    server = createServer((req, res) => res.end(`next saw ${req.url}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(path.dirname(root), { recursive: true, force: true });
  });

  it("answers br to a client that accepts it: the same bytes once decompressed, with Next's headers and no more", async () => {
    const answer = await send("/_next/static/chunks/abc-1_x.js?dpl=1", BR);
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=UTF-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      "content-length": String(answer.body.length),
    });
    // Short: every script of a page carries these headers. No Last-Modified beside the ETag of a hashed file name.
    expect(answer.headers.etag).toMatch(/^"[\w-]{16}-br"$/);
    expect(answer.headers["last-modified"]).toBeUndefined();
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.body.length).toBeLessThan(script.length / 10);

    const css = await send("/_next/static/css/site.css", { "accept-encoding": "br" });
    expect(css.headers).toMatchObject({ "content-encoding": "br", "content-type": "text/css; charset=UTF-8" });
    expect(brotliDecompressSync(css.body).toString()).toBe(style);
  });

  it("keeps the compressed file: a second request gets the same bytes and ETag, and a 304 for that ETag", async () => {
    const first = await send("/_next/static/chunks/abc-1_x.js", BR);
    const second = await send("/_next/static/chunks/abc-1_x.js", BR);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    const again = await send("/_next/static/chunks/abc-1_x.js", { ...BR, "if-none-match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it("answers HEAD with the headers and no body", async () => {
    const get = await send("/_next/static/chunks/abc-1_x.js", BR);
    const head = await send("/_next/static/chunks/abc-1_x.js", BR, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
  });

  it.each([
    ["gzip only", { "accept-encoding": "gzip, deflate" }],
    ["no Accept-Encoding", {}],
    ["identity", { "accept-encoding": "identity" }],
    ["br refused", { "accept-encoding": "gzip, br;q=0" }],
    ["anything but br", { "accept-encoding": "*, br;q=0" }],
  ])("leaves a client that does not accept br to Next (%s)", async (_, headers) => {
    passedToNext(await send("/_next/static/chunks/abc-1_x.js", headers), "/_next/static/chunks/abc-1_x.js");
  });

  it.each([
    "/_next/static/../secret.js",
    "/_next/static/chunks/../../secret.js",
    "/_next/static/%2e%2e/secret.js",
    "/_next/static/chunks/..%2f..%2fsecret.js",
    "/_next/static/chunks\\..\\..\\secret.js",
    "/_next/static//etc/passwd.js",
    "/_next/static/chunks/missing.js",
    "/_next/static/chunks/notes.txt",
    "/_next/static/chunks",
    "/_next/static/chunks/.hidden.js",
    "/other/chunks/abc-1_x.js",
  ])("leaves %s to Next", async (target) => {
    passedToNext(await send(target, BR), target);
  });

  it("leaves other methods to Next", async () => {
    passedToNext(await send("/_next/static/chunks/abc-1_x.js", BR, "POST"), "/_next/static/chunks/abc-1_x.js");
  });
});
