// Item 14 of the security audit: Darkroom listens on loopback unless HOST says otherwise, and when it is
// reachable from other machines the first admin needs the one-time token printed in the server log.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as setupRoute from "@/app/api/setup/route";
import { env, parseEnv } from "@/lib/env";
import { call, expectError, migrated, storedCounts } from "@/lib/testing/app";

const TOKEN = "k3Y-setup-token-0123456789";
const admin = { name: "Ada", email: "ada@example.com", password: "correct horse battery" };
const setup = (body: Record<string, unknown>) => call(setupRoute.POST, "/api/setup", { method: "POST", body });
const mutableEnv = env as { SETUP_TOKEN?: string };

describe("first-run setup beyond loopback", () => {
  beforeAll(migrated);
  afterEach(() => {
    delete mutableEnv.SETUP_TOKEN;
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

  it("creates the first admin with the token; afterwards setup is closed", async () => {
    mutableEnv.SETUP_TOKEN = TOKEN;
    expect((await setup({ ...admin, setupToken: ` ${TOKEN} ` })).status).toBe(201);
    expectError(await setup({ ...admin, email: "eve@example.com", setupToken: TOKEN }), 409, "conflict:setup");
  });
});
