// Issue 44, finding 4: every path answers only the hosts Darkroom is known by, so a page that rebinds its
// own name to Darkroom's address reads and changes nothing. This runs the launcher's front around a real
// HTTP server standing in for Next (app/api/dns-rebinding.test.ts puts the real setup route behind it).
import "@/lib/launcher/front.mjs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY } from "@/lib/http/security-headers.mjs";

let server: Server;
let port: number;

interface Answer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/** Sends a request with the given Host (and other headers) to the front over loopback. */
function send(path: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(method === "POST" ? '{"name":"Eve"}' : undefined);
  });
}

const passed = (answer: Answer) => answer.status === 200 && answer.body === "passed";

// One of each kind of path: pages, the API, the gateway, share pages, upload links, static files, public files.
const PATHS = [
  "/",
  "/setup",
  "/api/setup",
  "/api/uploads",
  "/v1/images/generations",
  "/s/abc",
  "/u/up_1/t.png",
  "/_next/static/chunks/a.js",
  "/favicon.ico",
];

describe("hosts at the front", () => {
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("passed"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => {
    // The front reads them when asked; lib/testing/process-state.ts puts the environment back after the file too.
    delete process.env.ALLOWED_HOSTS;
    delete process.env.PUBLIC_BASE_URL;
    delete process.env.TRUSTED_PROXIES;
    delete process.env.HOST;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(PATHS)("%s: 421 for a host it does not serve, before the server sees it; loopback hosts pass", async (path) => {
    for (const method of ["GET", "POST"]) {
      const answer = await send(path, { host: "rebind.attacker.test:3912", origin: "http://rebind.attacker.test:3912" }, method);
      expect(answer.status, `${method} ${path}`).toBe(421);
      expect(answer.headers).toMatchObject({
        "cache-control": "no-store",
        "x-frame-options": "DENY",
        "permissions-policy": PERMISSIONS_POLICY,
      });
      const message = /does not serve the host 'rebind\.attacker\.test:3912'\. If that is its address, add it to ALLOWED_HOSTS/;
      if (/^\/(api|v1)\//.test(path)) {
        expect(answer.headers["content-type"]).toBe("application/json");
        expect(JSON.parse(answer.body)).toEqual({ error: { code: "misdirected:host", message: expect.stringMatching(message) } });
      } else {
        expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(answer.body).toMatch(message);
      }
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, "127.0.0.2", `[::1]:${port}`])
      expect(passed(await send(path, { host })), `${path} ${host}`).toBe(true);
  });

  it("serves ALLOWED_HOSTS and PUBLIC_BASE_URL's host, and only those", async () => {
    expect((await send("/", { host: "darkroom.lan:3000" })).status).toBe(421);
    process.env.ALLOWED_HOSTS = "darkroom.lan, 192.168.1.20:3000, .team.example";
    process.env.PUBLIC_BASE_URL = "https://darkroom.example.com";
    for (const host of ["darkroom.lan:3000", "192.168.1.20:3000", "a.team.example", "darkroom.example.com"])
      expect(passed(await send("/api/setup", { host }, "POST")), host).toBe(true);
    for (const host of ["192.168.1.20:3001", "team.example", "rebind.attacker.test"])
      expect((await send("/", { host })).status, host).toBe(421);
  });

  it("answers health checks whatever the host (load balancers probe by IP or service name)", async () => {
    for (const path of ["/api/health", "/api/health/live", "/api/health/ready"])
      expect(passed(await send(path, { host: "10.0.3.7:3000" })), path).toBe(true);
    expect((await send("/api/health/../setup", { host: "10.0.3.7:3000" })).status).toBe(421);
  });

  it("believes X-Forwarded-Host only from a proxy in TRUSTED_PROXIES", async () => {
    process.env.ALLOWED_HOSTS = "darkroom.example.com";
    // Untrusted: the header counts for nothing, either way.
    expect(passed(await send("/", { host: "localhost", "x-forwarded-host": "rebind.attacker.test" }))).toBe(true);
    expect((await send("/", { host: "rebind.attacker.test", "x-forwarded-host": "localhost" })).status).toBe(421);
    // Trusted (the test connects from loopback): the host the browser asked for is the proxy's to say.
    process.env.TRUSTED_PROXIES = "127.0.0.1";
    expect(passed(await send("/", { host: "darkroom:3000", "x-forwarded-host": "darkroom.example.com, proxy.internal" }))).toBe(true);
    const rebound = await send("/api/setup", { host: "localhost", "x-forwarded-host": "rebind.attacker.test" }, "POST");
    expect(rebound.status).toBe(421);
    expect(rebound.body).toContain("'rebind.attacker.test'");
  });
});
