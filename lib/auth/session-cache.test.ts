// Signed-in requests answered without reading the session each time, and revocation still honoured at once:
// a cached answer counts only while the session epoch in the database is what it was (app/api/sessions.test.ts
// checks the same across two processes).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { GET as listMembers } from "@/app/api/members/route";
import { GET as me } from "@/app/api/me/route";
import { getAuth } from "@/lib/auth/auth";
import { MAX_AGE_MS } from "@/lib/auth/session-cache";
import { database } from "@/lib/db";
import { bumpSessionEpoch } from "@/lib/db/sessions";
import { addSignedIn, call, ORIGIN, setupAdmin, type Signed } from "@/lib/testing/app";

let admin: Signed;

beforeAll(async () => {
  admin = await setupAdmin();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the session cache", () => {
  it("answers a verified cookie from memory until its max age or the epoch moves, then reads the database again", async () => {
    const mo = await addSignedIn(admin.cookie, { role: "member", email: "mo@example.com" });
    expect((await call(me, "/api/me", { cookie: mo.cookie })).status).toBe(200);
    // Deleted behind the app's back, without moving the epoch (as a database admin's hand would): still cached.
    await database().db.deleteFrom("session").where("userId", "=", mo.member.id).execute();
    expect((await call(me, "/api/me", { cookie: mo.cookie })).json.user.id).toBe(mo.member.id);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + MAX_AGE_MS + 1);
    expect((await call(me, "/api/me", { cookie: mo.cookie })).status).toBe(401);
    expect(MAX_AGE_MS).toBeLessThanOrEqual(60_000);
  });

  it("verifies afresh as soon as the epoch moves", async () => {
    const lu = await addSignedIn(admin.cookie, { role: "member", email: "lu@example.com" });
    expect((await call(me, "/api/me", { cookie: lu.cookie })).status).toBe(200);
    await database().db.deleteFrom("session").where("userId", "=", lu.member.id).execute();
    await bumpSessionEpoch(database().db);
    expect((await call(me, "/api/me", { cookie: lu.cookie })).status).toBe(401);
  });

  it("forgets a member at once when an admin disables them or changes their role", async () => {
    const dee = await addSignedIn(admin.cookie, { role: "admin", email: "dee@example.com" });
    expect((await call(listMembers, "/api/members", { cookie: dee.cookie })).status).toBe(200);
    const demote = await call(patchMember, "/api/members/x", {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: dee.member.id },
      body: { role: "viewer" },
    });
    expect(demote.status).toBe(200);
    expect((await call(listMembers, "/api/members", { cookie: dee.cookie })).status).toBe(403);
    await call(patchMember, "/api/members/x", {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: dee.member.id },
      body: { disabled: true },
    });
    expect((await call(me, "/api/me", { cookie: dee.cookie })).status).toBe(401);
  });

  it("forgets a session at once when it signs out", async () => {
    const vi2 = await addSignedIn(admin.cookie, { role: "member", email: "vi@example.com" });
    expect((await call(me, "/api/me", { cookie: vi2.cookie })).status).toBe(200);
    const out = await getAuth().handler(
      new Request(`${ORIGIN}/api/auth/sign-out`, { method: "POST", headers: { origin: ORIGIN, cookie: vi2.cookie } }),
    );
    expect(out.status).toBe(200);
    // The browser drops the cookie; a copy kept elsewhere must not work either.
    expect((await call(me, "/api/me", { cookie: vi2.cookie })).status).toBe(401);
  });
});
