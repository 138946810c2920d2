// Sessions a member can see and end (issue 46): ending one signs its browser out at its next request, in this
// process and on another instance on the same database (a second process with its own session cache), as do
// an admin ending a member's sessions, a password change and disabling.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { DELETE as endMemberSessions } from "@/app/api/members/[id]/sessions/route";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { GET as me } from "@/app/api/me/route";
import { DELETE as endSession } from "@/app/api/sessions/[id]/route";
import { DELETE as endOthers, GET as listSessions } from "@/app/api/sessions/route";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { PEER_HEADER } from "@/lib/http/client";
import { addSignedIn, call, cookieHeader, freshIp, MEMBER_PASSWORD, ORIGIN, setupAdmin, type Signed } from "@/lib/testing/app";
import { startSecondInstance, type SecondInstance } from "@/lib/testing/second-instance";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let admin: Signed;
let other: SecondInstance;

async function signInAs(email: string, password: string, userAgent: string, ip = freshIp()): Promise<string> {
  const response = await authRoute(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", [PEER_HEADER]: ip, "user-agent": userAgent },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  return cookieHeader(response);
}

/** Signed in here and there: both instances have verified (and cached) the cookie. */
async function warm(cookie: string): Promise<void> {
  expect((await call(me, "/api/me", { cookie })).status).toBe(200);
  expect(await other.me(cookie)).toBe(200);
}

async function signedOutEverywhere(cookie: string): Promise<void> {
  expect(await other.me(cookie)).toBe(401); // the other instance first: nothing told it but the database
  expect((await call(me, "/api/me", { cookie })).status).toBe(401);
}

beforeAll(async () => {
  admin = await setupAdmin();
  other = await startSecondInstance();
});

afterAll(() => other?.stop());

describe("one's own sessions", () => {
  it("lists each browser with its device, browser, address and last seen; this one first; no token", async () => {
    const mo = await addSignedIn(admin.cookie, { role: "member", email: "list@example.com" });
    const phone = await signInAs("list@example.com", MEMBER_PASSWORD, PHONE, "203.0.113.9");
    const laptop = await signInAs("list@example.com", MEMBER_PASSWORD, LAPTOP);
    const { status, json } = await call(listSessions, "/api/sessions", { cookie: laptop });
    expect(status).toBe(200);
    expect(json.sessions).toHaveLength(3);
    expect(json.sessions[0]).toMatchObject({ current: true, device: "Linux computer", browser: "Chrome 131" });
    expect(json.sessions).toContainEqual(
      expect.objectContaining({
        current: false,
        device: "iPhone",
        browser: "Safari 17",
        address: "203.0.113.9",
        lastSeenAt: expect.any(String),
      }),
    );
    expect(JSON.stringify(json)).not.toMatch(/token/i);
    expect(mo.cookie).not.toBe(phone);
  });

  it("signs one session out: that browser is refused at its next request, here and on another instance", async () => {
    await addSignedIn(admin.cookie, { role: "member", email: "one@example.com" });
    const phone = await signInAs("one@example.com", MEMBER_PASSWORD, PHONE);
    const laptop = await signInAs("one@example.com", MEMBER_PASSWORD, LAPTOP);
    await warm(phone);
    const listed = await call(listSessions, "/api/sessions", { cookie: laptop });
    const target = listed.json.sessions.find((s: { device: string }) => s.device === "iPhone");
    const ended = await call(endSession, "/api/sessions/x", { method: "DELETE", cookie: laptop, params: { id: target.id } });
    expect(ended.status).toBe(204);
    await signedOutEverywhere(phone);
    expect((await call(me, "/api/me", { cookie: laptop })).status).toBe(200);
    expect(await other.me(laptop)).toBe(200);
  });

  it("refuses to end another member's session (404), and an unknown one", async () => {
    const a = await addSignedIn(admin.cookie, { role: "member", email: "a@example.com" });
    const theirs = await call(listSessions, "/api/sessions", { cookie: admin.cookie });
    const adminSession = theirs.json.sessions[0].id;
    expect((await call(endSession, "/api/sessions/x", { method: "DELETE", cookie: a.cookie, params: { id: adminSession } })).status).toBe(
      404,
    );
    expect((await call(me, "/api/me", { cookie: admin.cookie })).status).toBe(200);
  });

  it("signs out everywhere else, keeping this browser", async () => {
    await addSignedIn(admin.cookie, { role: "member", email: "else@example.com" });
    const phone = await signInAs("else@example.com", MEMBER_PASSWORD, PHONE);
    const laptop = await signInAs("else@example.com", MEMBER_PASSWORD, LAPTOP);
    await warm(phone);
    const ended = await call(endOthers, "/api/sessions", { method: "DELETE", cookie: laptop });
    expect(ended.json.ended).toBe(2); // the phone and addSignedIn's own
    await signedOutEverywhere(phone);
    expect(await other.me(laptop)).toBe(200);
  });
});

describe("sessions ended by others and by changes", () => {
  it("an admin ends a member's sessions, recorded in the audit log", async () => {
    const mo = await addSignedIn(admin.cookie, { role: "member", email: "ended@example.com" });
    await warm(mo.cookie);
    const viewer = await addSignedIn(admin.cookie, { role: "member", email: "notadmin@example.com" });
    const path = "/api/members/x/sessions";
    expect((await call(endMemberSessions, path, { method: "DELETE", cookie: viewer.cookie, params: { id: mo.member.id } })).status).toBe(
      403,
    );
    const ended = await call(endMemberSessions, path, { method: "DELETE", cookie: admin.cookie, params: { id: mo.member.id } });
    expect(ended.status).toBe(200);
    expect(ended.json.ended).toBe(1);
    await signedOutEverywhere(mo.cookie);
    const audit = await listAudit(database().db);
    expect(audit).toContainEqual(
      expect.objectContaining({ action: "member.sessions_end", actor_id: admin.member.id, subject_id: mo.member.id }),
    );
    expect((await call(endMemberSessions, path, { method: "DELETE", cookie: admin.cookie, params: { id: "nobody" } })).status).toBe(404);
  });

  it("a password change ends the member's other sessions on every instance, even when the client asks to keep them", async () => {
    await addSignedIn(admin.cookie, { role: "member", email: "pw@example.com" });
    const phone = await signInAs("pw@example.com", MEMBER_PASSWORD, PHONE);
    const laptop = await signInAs("pw@example.com", MEMBER_PASSWORD, LAPTOP);
    await warm(phone);
    const changed = await authRoute(
      new Request(`${ORIGIN}/api/auth/change-password`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json", cookie: laptop, [PEER_HEADER]: freshIp() },
        body: JSON.stringify({ currentPassword: MEMBER_PASSWORD, newPassword: "a brand new password", revokeOtherSessions: false }),
      }),
    );
    expect(changed.status).toBe(200);
    await signedOutEverywhere(phone);
    const renewed = cookieHeader(changed) || laptop;
    expect((await call(me, "/api/me", { cookie: renewed })).status).toBe(200);
  });

  it("disabling a member signs them out on every instance at once", async () => {
    const dee = await addSignedIn(admin.cookie, { role: "member", email: "dee@example.com" });
    await warm(dee.cookie);
    const disabled = await call(patchMember, "/api/members/x", {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: dee.member.id },
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    await signedOutEverywhere(dee.cookie);
  });
});
