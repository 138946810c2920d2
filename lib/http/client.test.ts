// Items 13 and 14 of the security audit: forwarded headers are believed only from TRUSTED_PROXIES (so a
// client cannot pick its own address for the sign-in limits), and the session cookie is Secure exactly
// when the request came over HTTPS, so sign-in over plain HTTP on a LAN address works.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/me/route";
import { env } from "@/lib/env";
import { call, cookieHeader, migrated, ORIGIN, setupAdmin } from "@/lib/testing/app";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { PEER_HEADER, resolveClient } from "./client";

const mutableEnv = env as { TRUSTED_PROXIES: string[] };
const h = (headers: Record<string, string>) => new Headers(headers);

describe("client address and protocol", () => {
  it("believes no forwarded header from an untrusted peer", () => {
    const headers = h({ [PEER_HEADER]: "198.51.100.1", "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https" });
    expect(resolveClient(headers, [])).toEqual({ address: "198.51.100.1", https: false });
    expect(resolveClient(headers, ["10.0.0.0/8"])).toEqual({ address: "198.51.100.1", https: false });
  });

  it("through trusted proxies, takes the first untrusted hop from the right and the proxy's protocol", () => {
    const trusted = ["10.0.0.0/8", "192.168.1.1"];
    const chain = { [PEER_HEADER]: "10.0.0.5", "x-forwarded-for": "6.6.6.6, 203.0.113.7, 192.168.1.1", "x-forwarded-proto": "https" };
    expect(resolveClient(h(chain), trusted)).toEqual({ address: "203.0.113.7", https: true });
    expect(resolveClient(h({ ...chain, [PEER_HEADER]: "::ffff:10.0.0.5" }), trusted).address).toBe("203.0.113.7");
    expect(resolveClient(h({ [PEER_HEADER]: "10.0.0.5", "x-forwarded-proto": "http" }), trusted)).toEqual({
      address: "10.0.0.5",
      https: false,
    });
    expect(resolveClient(h({ [PEER_HEADER]: "2001:db8::1", "x-forwarded-for": "203.0.113.8" }), ["2001:db8::/32"]).address).toBe(
      "203.0.113.8",
    );
  });

  it("knows nothing without the launcher's peer stamp", () => {
    expect(resolveClient(h({ "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https" }), ["0.0.0.0/0"])).toEqual({
      address: undefined,
      https: false,
    });
  });
});

describe("session cookie by protocol", () => {
  const password = "correct horse battery";
  beforeAll(async () => {
    await migrated();
    await setupAdmin({ name: "Ada", email: "ada@example.com", password });
  });
  afterEach(() => {
    mutableEnv.TRUSTED_PROXIES = [];
  });

  const signIn = (headers: Record<string, string>) =>
    authRoute(
      new Request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json", ...headers },
        body: JSON.stringify({ email: "ada@example.com", password }),
      }),
    );

  it("is not Secure over plain HTTP (a LAN address), and the session works", async () => {
    const response = await signIn({ [PEER_HEADER]: "192.168.1.20" });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => /session_token=/.test(cookie))).toBe(true);
    expect(cookies.every((cookie) => !/;\s*Secure/i.test(cookie) && !cookie.startsWith("__Secure-"))).toBe(true);
    expect((await call(me, "/api/me", { cookie: cookieHeader(response), headers: { [PEER_HEADER]: "192.168.1.20" } })).status).toBe(200);
  });

  it("is Secure behind a trusted HTTPS proxy, and the session works there", async () => {
    mutableEnv.TRUSTED_PROXIES = ["10.0.0.1"];
    const proxied = { [PEER_HEADER]: "10.0.0.1", "x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https" };
    const response = await signIn(proxied);
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((cookie) => /session_token=/.test(cookie))!;
    expect(session).toMatch(/;\s*Secure/i);
    expect((await call(me, "/api/me", { cookie: cookieHeader(response), headers: proxied })).status).toBe(200);
  });

  it("takes a forwarded host as sign-in's own origin only from a trusted proxy (issue 44)", async () => {
    const forged = { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect((await signIn({ ...forged, [PEER_HEADER]: "198.51.100.9" })).status).toBe(403);
    mutableEnv.TRUSTED_PROXIES = ["10.0.0.1"];
    const proxied = { origin: "https://darkroom.example", "x-forwarded-host": "darkroom.example", "x-forwarded-proto": "https" };
    expect((await signIn({ ...proxied, [PEER_HEADER]: "10.0.0.1", "x-forwarded-for": "203.0.113.6" })).status).toBe(200);
  });

  it("is not Secure when an untrusted client only claims HTTPS", async () => {
    const response = await signIn({ [PEER_HEADER]: "198.51.100.9", "x-forwarded-proto": "https" });
    const session = response.headers.getSetCookie().find((cookie) => /session_token=/.test(cookie))!;
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});
