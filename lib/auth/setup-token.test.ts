// Item 14 of the security audit: Darkroom listens on loopback unless HOST says otherwise, and when it is
// reachable from other machines the first admin needs the one-time token printed in the server log.
// Issue 25: "other machines" is judged from the client address Darkroom decided on, so a reverse proxy
// on loopback (HOST=127.0.0.1, TRUSTED_PROXIES=127.0.0.1) does not make every client local.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as setupRoute from "@/app/api/setup/route";
import { setupTokenRequired } from "@/lib/auth/setup-token";
import { env, parseEnv } from "@/lib/env";
import { PEER_FORWARDED_HEADER, PEER_HEADER } from "@/lib/http/client";
import { call, expectError, migrated, storedCounts } from "@/lib/testing/app";

const TOKEN = "k3Y-setup-token-0123456789";
const admin = { name: "Ada", email: "ada@example.com", password: "correct horse battery" };
const setup = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(setupRoute.POST, "/api/setup", { method: "POST", body, headers });
const mutableEnv = env as { SETUP_TOKEN?: string; TRUSTED_PROXIES: string[] };
/** A remote browser's request as a reverse proxy on the same machine passes it on. */
const PROXIED = { [PEER_HEADER]: "127.0.0.1", [PEER_FORWARDED_HEADER]: "1", "x-forwarded-for": "203.0.113.50" };

describe("first-run setup beyond loopback", () => {
  beforeAll(migrated);
  afterEach(() => {
    delete mutableEnv.SETUP_TOKEN;
    mutableEnv.TRUSTED_PROXIES = [];
  });

  it("listens on 127.0.0.1 unless HOST is set, and trusts no proxy unless TRUSTED_PROXIES names it", () => {
    expect(parseEnv({}).HOST).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: "10.0.0.1, 192.168.0.0/16" }).TRUSTED_PROXIES).toEqual(["10.0.0.1", "192.168.0.0/16"]);
    expect(parseEnv({ TRUSTED_PROXIES: "::1,2001:db8::/32" }).TRUSTED_PROXIES).toEqual(["::1", "2001:db8::/32"]);
    for (const wrong of ["proxy.example.com", "10.0.0.0/33", "10.0.0.1/8/1", "300.1.1.1"]) {
      expect(() => parseEnv({ TRUSTED_PROXIES: wrong }), wrong).toThrow(/TRUSTED_PROXIES/);
    }
    expect(() => parseEnv({ SETUP_TOKEN: "short" })).toThrow(/SETUP_TOKEN/);
  });

  it("refuses setup without the token, or with a wrong one, and creates nothing", async () => {
    mutableEnv.SETUP_TOKEN = TOKEN;
    const before = await storedCounts();
    const missing = await setup(admin);
    expectError(missing, 403, "forbidden:setup_token");
    expect(missing.json.error.fields.setupToken).toBeTruthy();
    expectError(await setup({ ...admin, setupToken: `${TOKEN}x` }), 403, "forbidden:setup_token");
    expectError(await setup({ ...admin, setupToken: TOKEN.slice(0, -1) + "X" }), 403, "forbidden:setup_token");
    expect(await storedCounts()).toEqual(before);
  });

  it("behind a reverse proxy on loopback, a remote client gets no setup without the token, and creates nothing", async () => {
    mutableEnv.TRUSTED_PROXIES = ["127.0.0.1"];
    const before = await storedCounts();
    // Listening on loopback, the launcher made no token before: the remote client became the admin.
    expectError(await setup(admin, PROXIED), 403, "forbidden:setup_token");
    mutableEnv.SETUP_TOKEN = TOKEN;
    expectError(await setup(admin, PROXIED), 403, "forbidden:setup_token");
    expectError(await setup({ ...admin, setupToken: `${TOKEN}x` }, PROXIED), 403, "forbidden:setup_token");
    // A proxy missing from TRUSTED_PROXIES: the client behind it is unknown, so not local either.
    mutableEnv.TRUSTED_PROXIES = [];
    expectError(await setup(admin, PROXIED), 403, "forbidden:setup_token");
    expect(await storedCounts()).toEqual(before);
  });

  it("judges the client local from the address Darkroom decided on, not from where it listens", () => {
    const required = (headers: Record<string, string>, trusted: string[] = []) => {
      mutableEnv.TRUSTED_PROXIES = trusted;
      return setupTokenRequired(new Headers(headers));
    };
    for (const local of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(required({ [PEER_HEADER]: local }), local).toBe(false);
    expect(required({ [PEER_HEADER]: "192.168.1.20" })).toBe(true);
    expect(required(PROXIED, ["127.0.0.1"])).toBe(true);
    expect(required(PROXIED)).toBe(true);
    // A browser on the machine itself, no proxy: Next adds X-Forwarded-For to every request; the front's
    // stamp says whether the connected machine sent one (the first e2e setup was refused without it).
    expect(required({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "127.0.0.1" })).toBe(false);
    expect(required({ [PEER_HEADER]: "::1", "x-forwarded-for": "::1" })).toBe(false);
    // A browser on the machine itself, through the proxy.
    expect(required({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "127.0.0.1" }, ["127.0.0.1"])).toBe(false);
    // A remote client cannot claim to be local.
    expect(required({ [PEER_HEADER]: "203.0.113.50", [PEER_FORWARDED_HEADER]: "1", "x-forwarded-for": "127.0.0.1" })).toBe(true);
    expect(required({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "127.0.0.1, 203.0.113.50" }, ["127.0.0.1"])).toBe(true);
    // No peer stamp (a handler called directly, a bare `next start`): only a configured token decides.
    expect(required({})).toBe(false);
    mutableEnv.SETUP_TOKEN = TOKEN;
    expect(required({})).toBe(true);
  });

  it("creates the first admin from another machine with the token; afterwards setup is closed", async () => {
    mutableEnv.SETUP_TOKEN = TOKEN;
    mutableEnv.TRUSTED_PROXIES = ["127.0.0.1"];
    expect((await setup({ ...admin, setupToken: ` ${TOKEN} ` }, PROXIED)).status).toBe(201);
    expectError(await setup({ ...admin, email: "eve@example.com", setupToken: TOKEN }, PROXIED), 409, "conflict:setup");
  });
});
