// A second factor (issue 46): an authenticator app enrolled and asked at sign-in, recovery codes that work once,
// passkey-only members kept from signing in with a password alone, the team's rule holding back every API route
// until a member without a factor sets one up, and each change in the audit log.
import { readdirSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { DELETE as resetMember } from "@/app/api/members/[id]/second-factor/route";
import { GET as me } from "@/app/api/me/route";
import { DELETE as removePasskey } from "@/app/api/passkeys/[id]/route";
import { GET as listPasskeys } from "@/app/api/passkeys/route";
import { PUT as putRule } from "@/app/api/settings/second-factor/route";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { insertPasskey } from "@/lib/db/passkeys";
import { PEER_HEADER } from "@/lib/http/client";
import {
  ADMIN,
  addSignedIn,
  call,
  cookieHeader,
  expectError,
  freshIp,
  MEMBER_PASSWORD,
  ORIGIN,
  setupAdmin,
  type Signed,
} from "@/lib/testing/app";
import { secretOf, totpCode } from "@/lib/testing/totp";

let admin: Signed;

async function auth(endpoint: string, body: unknown, cookie = "") {
  const response = await authRoute(
    new Request(`${ORIGIN}/api/auth${endpoint}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", [PEER_HEADER]: freshIp(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined, cookie: cookieHeader(response) };
}

/** Sets up an authenticator app for a signed-in member: its secret, recovery codes and the renewed cookie. */
async function enrolApp(cookie: string, password = MEMBER_PASSWORD) {
  const enabled = await auth("/two-factor/enable", { password }, cookie);
  expect(enabled.status).toBe(200);
  const secret = secretOf(enabled.json.totpURI);
  const verified = await auth("/two-factor/verify-totp", { code: totpCode(secret) }, cookie);
  expect(verified.status).toBe(200);
  return { secret, backupCodes: enabled.json.backupCodes as string[], cookie: verified.cookie };
}

const actions = async (subjectId: string) =>
  (await listAudit(database().db, { limit: 500 })).filter((row) => row.subject_id === subjectId).map((row) => row.action);

beforeAll(async () => {
  admin = await setupAdmin();
});

describe("an authenticator app", () => {
  it("is enrolled with a verified code, then asked at every password sign-in; both in the audit log", async () => {
    const mo = await addSignedIn(admin.cookie, { role: "member", email: "totp@example.com" });
    const { secret, cookie } = await enrolApp(mo.cookie);
    expect((await call(me, "/api/me", { cookie })).status).toBe(200);
    expect(await actions(mo.member.id)).toContain("second_factor.totp.add");

    const first = await auth("/sign-in/email", { email: "totp@example.com", password: MEMBER_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ twoFactorRedirect: true });
    expect((await call(me, "/api/me", { cookie: first.cookie })).status).toBe(401); // the password alone is no session
    expect((await auth("/two-factor/verify-totp", { code: "000000" }, first.cookie)).status).toBe(401);
    const second = await auth("/two-factor/verify-totp", { code: totpCode(secret) }, first.cookie);
    expect(second.status).toBe(200);
    expect((await call(me, "/api/me", { cookie: second.cookie })).status).toBe(200);
  });

  it("takes a recovery code once instead of a code, recorded in the audit log", async () => {
    const lu = await addSignedIn(admin.cookie, { role: "member", email: "recovery@example.com" });
    const { backupCodes } = await enrolApp(lu.cookie);
    expect(backupCodes).toHaveLength(10);
    const signIn = () => auth("/sign-in/email", { email: "recovery@example.com", password: MEMBER_PASSWORD });
    const first = await signIn();
    const used = await auth("/two-factor/verify-backup-code", { code: backupCodes[0] }, first.cookie);
    expect(used.status).toBe(200);
    expect((await call(me, "/api/me", { cookie: used.cookie })).status).toBe(200);
    expect(await actions(lu.member.id)).toContain("second_factor.recovery_code.use");

    const again = await signIn();
    const reused = await auth("/two-factor/verify-backup-code", { code: backupCodes[0] }, again.cookie);
    expect(reused.status).toBe(401);
    expect((await call(me, "/api/me", { cookie: reused.cookie || again.cookie })).status).toBe(401);
    // Nothing secret is kept in the clear: the recovery codes and the app's secret are stored encrypted.
    const row = await database()
      .db.selectFrom("twoFactor" as never)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(backupCodes[1]);
  });

  it("is removed with the password, recorded in the audit log", async () => {
    const ro = await addSignedIn(admin.cookie, { role: "member", email: "remove@example.com" });
    const { cookie } = await enrolApp(ro.cookie);
    const removed = await auth("/two-factor/disable", { password: MEMBER_PASSWORD }, cookie);
    expect(removed.status).toBe(200);
    expect(await actions(ro.member.id)).toContain("second_factor.totp.remove");
    expect((await auth("/sign-in/email", { email: "remove@example.com", password: MEMBER_PASSWORD })).json).not.toHaveProperty(
      "twoFactorRedirect",
    );
  });
});

describe("signing in with a passkey", () => {
  it("hands out a fresh challenge, and refuses an unknown or replayed one, and another site", async () => {
    const options = await auth("/passkey/sign-in-options", {});
    expect(options.status).toBe(200);
    expect(options.json).toMatchObject({ challengeId: expect.any(String), options: { challenge: expect.any(String), rpId: "localhost" } });
    const answer = { challengeId: options.json.challengeId, response: { id: "no-such-credential", type: "public-key" } };
    expect((await auth("/passkey/sign-in", answer)).status).toBe(401); // a passkey Darkroom does not know
    const replayed = await auth("/passkey/sign-in", answer);
    expect(replayed.status).toBe(400); // the challenge went with the first answer
    expect(replayed.json.message).toMatch(/expired or was used already/);
    const foreign = await authRoute(
      new Request(`${ORIGIN}/api/auth/passkey/sign-in-options`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json", [PEER_HEADER]: freshIp() },
        body: "{}",
      }),
    );
    expect(foreign.status).toBe(403);
  });
});

describe("an admin's reset", () => {
  it("removes a member's app and passkeys and ends their sessions, recorded in the audit log", async () => {
    const lost = await addSignedIn(admin.cookie, { role: "member", email: "lost@example.com" });
    const { cookie } = await enrolApp(lost.cookie);
    const path = "/api/members/x/second-factor";
    expect((await call(resetMember, path, { method: "DELETE", cookie, params: { id: lost.member.id } })).status).toBe(403);
    const reset = await call(resetMember, path, { method: "DELETE", cookie: admin.cookie, params: { id: lost.member.id } });
    expect(reset.json).toEqual({ removed: { app: true, passkeys: 0 } });
    expect((await call(me, "/api/me", { cookie })).status).toBe(401);
    expect(await actions(lost.member.id)).toContain("second_factor.reset");
    const again = await auth("/sign-in/email", { email: "lost@example.com", password: MEMBER_PASSWORD });
    expect(again.json).not.toHaveProperty("twoFactorRedirect");
    expect((await call(me, "/api/me", { cookie: again.cookie })).status).toBe(200);
  });
});

describe("a passkey as the second factor", () => {
  it("keeps a password alone from signing in; its removal is recorded", async () => {
    const pa = await addSignedIn(admin.cookie, { role: "member", email: "passkey@example.com" });
    const id = randomUUID();
    await insertPasskey(database().db, {
      id,
      user_id: pa.member.id,
      name: "Laptop",
      credential_id: "cred-1",
      public_key: "AA",
      counter: 0,
      transports: null,
      created_at: new Date().toISOString(),
      last_used_at: null,
    });
    const refused = await auth("/sign-in/email", { email: "passkey@example.com", password: MEMBER_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/passkey/);
    expect((await call(me, "/api/me", { cookie: refused.cookie })).status).toBe(401);

    const listed = await call(listPasskeys, "/api/passkeys", { cookie: pa.cookie });
    expect(listed.json.passkeys).toEqual([expect.objectContaining({ id, name: "Laptop" })]);
    expect(JSON.stringify(listed.json)).not.toContain("cred-1");
    const removed = await call(removePasskey, "/api/passkeys/x", { method: "DELETE", cookie: pa.cookie, params: { id } });
    expect(removed.status).toBe(204);
    expect(await actions(pa.member.id)).toContain("second_factor.passkey.remove");
    expect((await auth("/sign-in/email", { email: "passkey@example.com", password: MEMBER_PASSWORD })).status).toBe(200);
  });
});

/** Every route file under app/api, as its URL with sample parameters, and its module path. */
function routeFiles(dir = path.join(process.cwd(), "app/api")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : entry.name === "route.ts" ? [path.join(dir, entry.name)] : [],
  );
}

/** Routes that answer without a session, or with a token only. */
const NOT_SESSION = ["/api/health", "/api/setup", "/api/auth/", "/api/video/"];
/** What a member the rule holds back may call: setting up a passkey. */
const ENROLLING = ["GET /api/passkeys", "POST /api/passkeys", "POST /api/passkeys/options"];

describe("the team's rule", () => {
  it("holds a member without a second factor back from every API route until they set one up", async () => {
    const gated = await addSignedIn(admin.cookie, { role: "member", email: "gated@example.com" });
    expect(
      (await call(putRule, "/api/settings/second-factor", { method: "PUT", cookie: gated.cookie, body: { required: "everyone" } })).status,
    ).toBe(403);
    expectError(
      await call(putRule, "/api/settings/second-factor", { method: "PUT", cookie: admin.cookie, body: { required: "sometimes" } }),
      422,
      "invalid:body",
    );
    const set = await call(putRule, "/api/settings/second-factor", { method: "PUT", cookie: admin.cookie, body: { required: "everyone" } });
    expect(set.json).toEqual({ required: "everyone" });
    expect(await actions("x")).toEqual([]);
    expect((await listAudit(database().db)).map((row) => row.action)).toContain("second_factor.rule");

    const answered: string[] = [];
    for (const file of routeFiles()) {
      const url = path
        .relative(process.cwd(), path.dirname(file))
        .replace(/^app/, "")
        .replace(/\[\.\.\.[^\]]+\]|\[[^\]]+\]/g, "x");
      if (NOT_SESSION.some((prefix) => `${url}/`.startsWith(prefix) || url === prefix)) continue;
      const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const handler = routeModule[method] as Parameters<typeof call>[0] | undefined;
        if (!handler) continue;
        const params = Object.fromEntries([...file.matchAll(/\[([^\].]+)\]/g)].map((m) => [m[1]!, "x"]));
        const response = await call(handler, url, { method, cookie: gated.cookie, params, ...(method === "GET" ? {} : { body: {} }) });
        const key = `${method} ${url}`;
        if (ENROLLING.includes(key)) expect(response.json?.error?.code, key).not.toBe("forbidden:second_factor");
        else {
          expect({ key, status: response.status, code: response.json?.error?.code }).toEqual({
            key,
            status: 403,
            code: "forbidden:second_factor",
          });
          answered.push(key);
        }
      }
    }
    expect(answered.length).toBeGreaterThan(50);
    // better-auth's endpoints beyond signing in and setting up a factor are held back too.
    expect((await auth("/update-user", { name: "Renamed" }, gated.cookie)).status).toBe(403);

    // The admin who set the rule has no factor either: they enrol too. Then the member does, and is let through.
    await enrolApp(admin.cookie, ADMIN.password).then(({ cookie }) => (admin = { ...admin, cookie }));
    const { cookie } = await enrolApp(gated.cookie);
    expect((await call(me, "/api/me", { cookie })).status).toBe(200);
    // The last factor the rule requires cannot be removed.
    expect((await auth("/two-factor/disable", { password: MEMBER_PASSWORD }, cookie)).status).toBe(409);
    await call(putRule, "/api/settings/second-factor", { method: "PUT", cookie: admin.cookie, body: { required: "off" } });
  });
});
