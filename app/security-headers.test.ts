// Item 3 of the security audit: every page and route answers with the security headers, the CSP has a
// fresh nonce per request (Next reads it from the request to put it on its scripts) and no eval in
// production, and private API answers are not cached.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { PEER_HEADER } from "@/lib/http/client";
import { contentSecurityPolicy } from "@/lib/http/security-headers.mjs";
import { unproxied } from "@/lib/http/unproxied";
import { appPaths } from "@/lib/testing/routes";
import { proxy } from "@/proxy";

const ORIGIN = "http://localhost:3000";
const mutableEnv = env as { TRUSTED_PROXIES: string[] };
const paths = appPaths();

function run(path: string, init: { method?: string; headers?: Record<string, string> } = {}, base = ORIGIN) {
  return proxy(new NextRequest(`${base}${path}`, { method: init.method ?? "GET", headers: { origin: base, ...init.headers } }));
}

function expectSecurityHeaders(headers: Headers, label: string) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, label).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("img-src 'self' blob: data:");
  expect(csp, label).toContain("media-src 'self'");
  expect(csp, label).not.toContain("unsafe-inline' 'nonce"); // scripts never fall back to inline
  expect(headers.get("x-frame-options"), label).toBe("DENY");
  expect(headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(headers.get("cross-origin-opener-policy"), label).toBe("same-origin");
  expect(headers.get("permissions-policy"), label).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
}

describe("security headers", () => {
  it("finds the app's pages and routes", () => {
    expect(paths.filter((p) => p.kind === "page").length).toBeGreaterThanOrEqual(8);
    expect(paths.filter((p) => p.kind === "route").length).toBeGreaterThanOrEqual(20);
  });

  it.each(paths.flatMap((p) => p.methods.map((method) => [method, p.path, p.kind] as const)))("%s %s (%s)", (method, path, kind) => {
    const response = run(path, { method });
    expect(response.status).toBe(200); // passed on to the page or route
    expectSecurityHeaders(response.headers, `${method} ${path}`);
    // Media, the gateway's signed result links and uploaded inputs (/u/…, which the API fetches) set their own `private` caching.
    if (kind === "route" && !path.startsWith("/api/media/") && !path.startsWith("/v1/files/") && !path.startsWith("/u/"))
      expect(response.headers.get("cache-control")).toBe("no-store");
    if (kind === "page") expect(response.headers.get("cache-control")).toBeNull();
    // Over plain HTTP: no HSTS, and no upgrade-insecure-requests that would break a LAN address.
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("gives Next the policy and a fresh nonce on the request, so it can put the nonce on its scripts", () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const response = run("/");
      const nonce = response.headers.get("x-middleware-request-x-nonce");
      expect(nonce).toBeTruthy();
      expect(response.headers.get("x-middleware-request-content-security-policy")).toContain(`'nonce-${nonce}'`);
      expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(5);
  });

  it("adds HSTS and upgrade-insecure-requests over HTTPS through a trusted proxy, and believes X-Forwarded-Proto from no one else", async () => {
    const https = (response: Response) => ({
      hsts: response.headers.get("strict-transport-security"),
      upgrade: response.headers.get("content-security-policy")!.includes("upgrade-insecure-requests"),
    });
    const viaProxy = { [PEER_HEADER]: "10.0.0.1", "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" };
    const fromClient = { [PEER_HEADER]: "203.0.113.9", "x-forwarded-proto": "https" };
    const skipped = unproxied(async () => new Response("ok"));
    const viaSkipped = (headers: Record<string, string>) =>
      skipped(new Request(`${ORIGIN}/api/uploads`, { headers: { origin: ORIGIN, ...headers } }), { params: Promise.resolve({}) });
    try {
      mutableEnv.TRUSTED_PROXIES = ["10.0.0.1"];
      for (const response of [run("/tasks", { headers: viaProxy }), await viaSkipped(viaProxy)]) {
        expect(https(response)).toEqual({ hsts: expect.stringMatching(/^max-age=\d{7,}/), upgrade: true });
      }
      // A client's own claim, or one without the launcher's peer stamp: plain HTTP.
      for (const headers of [fromClient, { "x-forwarded-proto": "https" }, { ...viaProxy, [PEER_HEADER]: "10.0.0.2" }]) {
        for (const response of [run("/tasks", { headers }), await viaSkipped(headers)]) {
          expect(https(response), JSON.stringify(headers)).toEqual({ hsts: null, upgrade: false });
        }
      }
    } finally {
      mutableEnv.TRUSTED_PROXIES = [];
    }
  });

  it("allows eval only in development", () => {
    expect(contentSecurityPolicy({ nonce: "n", dev: false, https: false })).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy({ nonce: "n", dev: true, https: false })).toContain("unsafe-eval");
  });

  it("answers refusals (a cross-site POST) with the headers too", () => {
    const response = run("/api/generations", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expectSecurityHeaders(response.headers, "refusal");
  });
});
