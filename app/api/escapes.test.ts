// Item 11 of the security audit: a malformed percent-escape (invalid UTF-8, a lone or short `%`) in any
// route's or page's path or query answers 400 with a message, not Next's 500. Next fails on these before
// proxy.ts runs, so the launcher's front (preloaded into the server process) answers them; this runs it
// around a real HTTP server and sends raw request targets.
import "@/lib/launcher/front.mjs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_HEADER } from "@/lib/http/client";
import { PERMISSIONS_POLICY, securityHeaders } from "@/lib/http/security-headers.mjs";
import { appPaths } from "@/lib/testing/routes";

const MALFORMED = ["%ff", "%C3%28", "%E2%82", "%F0%9F%98", "%", "%z1", "%5", "a%", "%ED%A0%80", "%C0%AF", "%FE%FF", "%80"];
const WELL_FORMED = ["%20", "%C3%A9", "%E2%82%AC", "%F0%9F%98%80", "a+b", "%25ff", "%2F"];
const targets = appPaths().flatMap((p) => p.methods.map((method) => [method, p.path] as const));

/** The path with its last segment (or a new one under "/") replaced by `part`. */
const withSegment = (path: string, part: string) => (path === "/" ? `/${part}` : path.replace(/[^/]*$/, part));

let server: Server;
let port: number;

/** Sends a raw request target; the server behind the front answers 200 with the peer header it saw. */
function send(method: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path: target }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("malformed escapes", () => {
  beforeAll(async () => {
    server = createServer((req, res) => res.end(`passed ${req.headers[PEER_HEADER]}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(targets)("%s %s: 400 for each malformed escape in the path and the query", async (method, path) => {
    const urls = MALFORMED.flatMap((bad) => [
      withSegment(path, `x${bad}y`),
      `${path}?q=${bad}`,
      `${path}?${bad}=1`,
      `${path}?a=1&cursor=${bad}&b`,
    ]);
    for (const url of urls) {
      const response = await send(method, url);
      expect(response.status, `${method} ${url}`).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ error: { code: "bad_request:address", message: expect.stringMatching(/malformed/) } });
    }
    for (const good of WELL_FORMED) {
      for (const url of [withSegment(path, `x${good}y`), `${path}?q=${good}`]) {
        expect(await send(method, url), `${method} ${url}`).toEqual({ status: 200, body: "passed 127.0.0.1" });
      }
    }
  });

  it("answers the 400 with every security header, as proxy.ts gives every other answer (issue 25)", async () => {
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/api/tasks/%ff" }, (res) => {
        res.resume();
        expect(res.statusCode).toBe(400);
        resolve(res.headers);
      });
      req.on("error", reject);
      req.end();
    });
    const expected = securityHeaders({ path: "/api/tasks/%ff", csp: "default-src 'none'", https: false });
    for (const name of Object.keys(expected)) expect(headers[name.toLowerCase()], name).toBeTruthy();
    expect(headers).toMatchObject({
      "permissions-policy": PERMISSIONS_POLICY,
      "cross-origin-opener-policy": "same-origin",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("stamps the connected machine's address over any header the client sent", async () => {
    const response = await new Promise<string>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/", headers: { [PEER_HEADER]: "6.6.6.6" } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk));
        res.on("end", () => resolve(body));
      });
      req.on("error", reject);
      req.end();
    });
    expect(response).toBe("passed 127.0.0.1");
  });
});
