// Single sign-on against a real OpenID provider (oidc-provider, in this process): the whole redirect flow through
// Darkroom's own routes, the callback's refusals (a replayed or foreign state, a wrong nonce, an ID token signed by
// another key), accounts made just in time and linked by verified email, groups as roles, and access that ends
// at the next re-check once the provider no longer lists a member in an allowed group.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { GET as me } from "@/app/api/me/route";
import { GET as ssoSettings, PUT as putSsoSettings } from "@/app/api/settings/sso/route";
import { DELETE as deleteProvider, PUT as putProvider } from "@/app/api/settings/sso/[id]/route";
import { sessionsChanged } from "@/lib/auth/sessions-changed";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { addSignedIn, call, cookieHeader, freshIp, MEMBER_PASSWORD, ORIGIN, setupAdmin, type Signed } from "@/lib/testing/app";
import { startTestIdp, type TestIdp } from "@/lib/testing/oidc-provider";
import { PEER_HEADER } from "@/lib/http/client";

let idp: TestIdp;
let admin: Signed;
const PROVIDERS = ["team", "staff", "foreign"];

function providerBody(overrides: Record<string, unknown> = {}) {
  return {
    label: "Sign in with Team SSO",
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    allowedDomains: ["team.example"],
    groupsClaim: "groups",
    groupRoles: { admin: ["darkroom-admins"], member: ["darkroom-members"], viewer: [] },
    ...overrides,
  };
}

async function configure(id: string, overrides: Record<string, unknown> = {}) {
  const response = await call(putProvider, `/api/settings/sso/${id}`, {
    method: "PUT",
    cookie: admin.cookie,
    params: { id },
    body: providerBody(overrides),
  });
  expect(response.status).toBe(200);
  return response;
}

interface Started {
  authorizationUrl: string;
  stateCookie: string;
  state: string;
}

async function start(id: string): Promise<Started> {
  const response = await call(authGet, `/api/auth/sso/start/${id}`);
  expect(response.status).toBe(302);
  const authorizationUrl = response.headers.get("location")!;
  expect(authorizationUrl.startsWith(idp.issuer)).toBe(true);
  const url = new URL(authorizationUrl);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("nonce")).toBeTruthy();
  return { authorizationUrl, stateCookie: cookieHeader(response), state: url.searchParams.get("state")! };
}

async function callback(callbackUrl: string, cookie: string) {
  const url = new URL(callbackUrl);
  expect(url.origin).toBe(ORIGIN);
  const response = await call(authGet, `${url.pathname}${url.search}`, { cookie });
  return {
    status: response.status,
    location: response.headers.get("location") ?? "",
    cookie: cookieHeader(response),
    headers: response.headers,
  };
}

/** The whole flow for one person: Darkroom's start, the provider's sign-in, Darkroom's callback. */
async function ssoSignIn(id: string, email: string | null) {
  const started = await start(id);
  const back = await idp.signInAt(started.authorizationUrl, email);
  return { ...(await callback(back, started.stateCookie)), back, started };
}

async function whoAmI(cookie: string) {
  return call(me, "/api/me", { cookie });
}

const sessionCookie = (cookie: string) =>
  cookie
    .split("; ")
    .filter((pair) => pair.includes("session_token") && !pair.endsWith("="))
    .join("; ");

async function auditActions(): Promise<string[]> {
  return (await listAudit(database().db, { limit: 200 })).map((row) => row.action);
}

beforeAll(async () => {
  admin = await setupAdmin({ name: "Ada Admin", email: "ada@team.example", password: "correct horse battery" });
  idp = await startTestIdp({ redirectUris: PROVIDERS.map((id) => `${ORIGIN}/api/auth/sso/callback/${id}`) });
  await configure("team");
});

afterAll(async () => {
  await idp?.close();
});

describe("settings", () => {
  it("shows each provider with its redirect URL and never its secret", async () => {
    const response = await call(ssoSettings, "/api/settings/sso", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const [team] = response.json.providers;
    expect(team).toMatchObject({
      id: "team",
      clientSecretSet: true,
      defaultRole: "viewer",
      redirectUrl: `${ORIGIN}/api/auth/sso/callback/team`,
    });
    expect(JSON.stringify(response.json)).not.toContain(idp.clientSecret);
    const stored = await sql<{ client_secret: string }>`select client_secret from sso_providers`.execute(database().db);
    expect(stored.rows[0]!.client_secret).not.toContain(idp.clientSecret);
  });

  it("keeps the stored secret when a change leaves it empty, and asks for one on a new provider", async () => {
    await configure("team", { clientSecret: "" });
    const fresh = await call(putProvider, "/api/settings/sso/nosecret", {
      method: "PUT",
      cookie: admin.cookie,
      params: { id: "nosecret" },
      body: providerBody({ clientSecret: "" }),
    });
    expect(fresh.status).toBe(422);
    expect(fresh.json.error.fields.clientSecret).toMatch(/client secret/);
  });
});

describe("sign-in through the provider", () => {
  it("makes a new person's account just in time, as a viewer", async () => {
    idp.setAccount({ email: "nina@team.example", email_verified: true, name: "Nina New" });
    const result = await ssoSignIn("team", "nina@team.example");
    expect(result).toMatchObject({ status: 302, location: "/" });
    const answer = await whoAmI(sessionCookie(result.cookie));
    expect(answer.json.user).toMatchObject({ email: "nina@team.example", name: "Nina New", role: "viewer" });
    expect(await auditActions()).toEqual(expect.arrayContaining(["sso.account_create", "sso.sign_in"]));
  });

  it("sets the session cookie HttpOnly and SameSite=Lax (the headers: e2e/sso.spec.ts)", async () => {
    idp.setAccount({ email: "hedy@team.example", email_verified: true });
    const { headers } = await ssoSignIn("team", "hedy@team.example");
    const cookies = headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/session_token=[^;]+;[^\n]*HttpOnly/i);
    expect(cookies).toMatch(/SameSite=Lax/i);
  });

  it("gives a person in the admins group the admin role", async () => {
    idp.setAccount({ email: "boss@team.example", email_verified: true, groups: ["darkroom-admins"] });
    const result = await ssoSignIn("team", "boss@team.example");
    expect((await whoAmI(sessionCookie(result.cookie))).json.user.role).toBe("admin");
  });

  it("refuses an email outside the allowed domains, and makes no account", async () => {
    idp.setAccount({ email: "eve@elsewhere.example", email_verified: true });
    const result = await ssoSignIn("team", "eve@elsewhere.example");
    expect(result.location).toBe("/sign-in?sso_error=domain_not_allowed");
    expect(sessionCookie(result.cookie)).toBe("");
    const users = await sql<{ n: number }>`select count(*) as n from "user" where email = 'eve@elsewhere.example'`.execute(database().db);
    expect(Number(users.rows[0]!.n)).toBe(0);
    expect(await auditActions()).toContain("sso.refused");
  });

  it("links an existing member by a verified email, and only then", async () => {
    const linked = await addSignedIn(admin.cookie, { role: "member", email: "mo@team.example" });
    idp.setAccount({ email: "mo@team.example", email_verified: true });
    const result = await ssoSignIn("team", "mo@team.example");
    expect((await whoAmI(sessionCookie(result.cookie))).json.user).toMatchObject({ id: linked.member.id, role: "member" });
    expect(await auditActions()).toContain("sso.link");

    await addSignedIn(admin.cookie, { role: "member", email: "una@team.example" });
    idp.setAccount({ email: "una@team.example", email_verified: false });
    const refused = await ssoSignIn("team", "una@team.example");
    expect(refused.location).toBe("/sign-in?sso_error=email_unverified");
    expect(sessionCookie(refused.cookie)).toBe("");
  });

  it("lets Darkroom's own disabled win over the provider", async () => {
    const dee = await addSignedIn(admin.cookie, { role: "member", email: "dee@team.example" });
    await database().db.updateTable("user").set({ disabled: 1 }).where("id", "=", dee.member.id).execute();
    idp.setAccount({ email: "dee@team.example", email_verified: true });
    const result = await ssoSignIn("team", "dee@team.example");
    expect(result.location).toBe("/sign-in?sso_error=account_disabled");
    expect(sessionCookie(result.cookie)).toBe("");
  });

  it("explains a refusal at the provider", async () => {
    const result = await ssoSignIn("team", null);
    expect(result.location).toBe("/sign-in?sso_error=access_denied");
  });

  it("sends an unknown provider back to the sign-in page with words", async () => {
    const response = await call(authGet, "/api/auth/sso/start/nobody");
    expect(response.headers.get("location")).toBe("/sign-in?sso_error=provider_unknown");
  });
});

describe("the callback refuses", () => {
  it("a replayed state", async () => {
    idp.setAccount({ email: "rita@team.example", email_verified: true });
    const first = await ssoSignIn("team", "rita@team.example");
    expect(first.location).toBe("/");
    const again = await callback(first.back, first.started.stateCookie);
    expect(again.location).toBe("/sign-in?sso_error=state_mismatch");
    expect(sessionCookie(again.cookie)).toBe("");
  });

  it("a state started in another browser, or with no state cookie", async () => {
    idp.setAccount({ email: "fay@team.example", email_verified: true });
    const mine = await start("team");
    const theirs = await start("team");
    const back = await idp.signInAt(theirs.authorizationUrl, "fay@team.example");
    const foreign = await callback(back, mine.stateCookie);
    expect(foreign.location).toBe("/sign-in?sso_error=state_mismatch");
    const bare = await callback(back, "");
    expect(bare.location).toBe("/sign-in?sso_error=state_mismatch");
    expect(sessionCookie(foreign.cookie) + sessionCookie(bare.cookie)).toBe("");
  });

  it("an ID token with a nonce other than the one sent", async () => {
    idp.setAccount({ email: "nora@team.example", email_verified: true });
    const started = await start("team");
    // What the provider sends back was asked for with another nonce than this sign-in stored.
    await database().db.updateTable("sso_flows").set({ nonce: "another-nonce" }).where("state", "=", started.state).execute();
    const back = await idp.signInAt(started.authorizationUrl, "nora@team.example");
    const result = await callback(back, started.stateCookie);
    expect(result.location).toBe("/sign-in?sso_error=provider_refused");
    expect(sessionCookie(result.cookie)).toBe("");
  });

  it("an ID token signed by a key the provider does not publish", async () => {
    await configure("foreign", { label: "Foreign keys" });
    idp.setAccount({ email: "kim@team.example", email_verified: true });
    idp.publishForeignKeys(true);
    try {
      const result = await ssoSignIn("foreign", "kim@team.example");
      expect(result.location).toBe("/sign-in?sso_error=provider_refused");
      expect(sessionCookie(result.cookie)).toBe("");
    } finally {
      idp.publishForeignKeys(false);
    }
    const users = await sql<{ n: number }>`select count(*) as n from "user" where email = 'kim@team.example'`.execute(database().db);
    expect(Number(users.rows[0]!.n)).toBe(0);
    await call(deleteProvider, "/api/settings/sso/foreign", { method: "DELETE", cookie: admin.cookie, params: { id: "foreign" } });
  });
});

describe("access over time", () => {
  it("ends a member's sessions at the next re-check once the provider drops them from the allowed groups", async () => {
    await configure("staff", { label: "Staff", groupsOnly: true });
    idp.setAccount({ email: "gus@team.example", email_verified: true, groups: ["darkroom-members"] });
    const outsider = await ssoSignIn("staff", "nina@team.example");
    expect(outsider.location).toBe("/sign-in?sso_error=group_not_allowed");

    const result = await ssoSignIn("staff", "gus@team.example");
    const cookie = sessionCookie(result.cookie);
    const { user } = (await whoAmI(cookie)).json;
    expect(user.role).toBe("member");
    const overdue = async () => {
      await database().db.updateTable("sso_links").set({ checked_at: "2000-01-01T00:00:00.000Z" }).where("user_id", "=", user.id).execute();
      await sessionsChanged(); // the next request verifies the session anew, as one does once the 30 s cache lapses
    };

    // Still in the group: the re-check spends the refresh token and lets them stay.
    await overdue();
    expect((await whoAmI(cookie)).status).toBe(200);

    // Out of every allowed group at the provider: still in until the re-check is due, then out, everywhere.
    idp.setAccount({ email: "gus@team.example", email_verified: true, groups: [] });
    await sessionsChanged();
    expect((await whoAmI(cookie)).status).toBe(200);
    await overdue();
    expect((await whoAmI(cookie)).status).toBe(401);
    const sessions = await sql<{ n: number }>`select count(*) as n from session where "userId" = ${user.id}`.execute(database().db);
    expect(Number(sessions.rows[0]!.n)).toBe(0);
    expect(await auditActions()).toContain("sso.access_ended");

    // And the next sign-in is refused with words.
    const again = await ssoSignIn("staff", "gus@team.example");
    expect(again.location).toBe("/sign-in?sso_error=group_not_allowed");
  });
});

describe("passwords", () => {
  it("can be turned off for everyone but admins", async () => {
    const pat = await addSignedIn(admin.cookie, { role: "member", email: "pat@team.example" });
    const off = await call(putSsoSettings, "/api/settings/sso", { method: "PUT", cookie: admin.cookie, body: { passwords: "admins" } });
    expect(off.json.passwords).toBe("admins");
    const signIn = (email: string, password: string) =>
      authPost(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/json", [PEER_HEADER]: freshIp() },
          body: JSON.stringify({ email, password }),
        }),
      );
    const refused = await signIn(pat.member.email, MEMBER_PASSWORD);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/single sign-on/);
    expect((await signIn("ada@team.example", "correct horse battery")).status).toBe(200);
    await call(putSsoSettings, "/api/settings/sso", { method: "PUT", cookie: admin.cookie, body: { passwords: "everyone" } });
    expect((await signIn(pat.member.email, MEMBER_PASSWORD)).status).toBe(200);
  });
});
