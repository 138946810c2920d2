// Signed-in requests answered without reading the session each time, and revocation still honoured:
// at once in this process (disabling, role changes, signing out), within MAX_AGE_MS from anywhere else.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { GET as listMembers } from "@/app/api/members/route";
import { GET as me } from "@/app/api/me/route";
import { getAuth } from "@/lib/auth/auth";
import { MAX_AGE_MS } from "@/lib/auth/session-cache";
import { database } from "@/lib/db";
import { deleteSessionsOf } from "@/lib/db/users";
import { addSignedIn, call, ORIGIN, setupAdmin, type Signed } from "@/lib/testing/app";

let admin: Signed;

beforeAll(async () => {
  admin = await setupAdmin();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the session cache", () => {
  it("answers a verified cookie from memory until its max age, then reads the database again", async () => {
    const mo = await addSignedIn(admin.cookie, { role: "member", email: "mo@example.com" });
    expect((await call(me, "/api/me", { cookie: mo.cookie })).status).toBe(200);
    // Ended behind the app's back, as another instance or a database admin would: this process has not heard.
    await deleteSessionsOf(database().db, { userId: mo.member.id });
    expect((await call(me, "/api/me", { cookie: mo.cookie })).json.user.id).toBe(mo.member.id);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + MAX_AGE_MS + 1);
    expect((await call(me, "/api/me", { cookie: mo.cookie })).status).toBe(401);
    expect(MAX_AGE_MS).toBeLessThanOrEqual(60_000);
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
