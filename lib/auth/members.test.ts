import { beforeAll, describe, expect, it } from "vitest";
import { POST as setup } from "@/app/api/setup/route";
import { GET as listMembers, POST as addMember } from "@/app/api/members/route";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { GET as me } from "@/app/api/me/route";
import { call, cookieHeader, migrated, signIn } from "@/lib/testing/app";

const admin = { name: "Ada Admin", email: "ada@example.com", password: "correct horse battery" };

describe("first run and members", () => {
  let adminCookie = "";

  beforeAll(async () => {
    await migrated();
  });

  it("creates the first admin once and signs them in", async () => {
    const first = await call(setup, "/api/setup", { method: "POST", body: admin });
    expect(first.status).toBe(201);
    expect(first.json.member).toMatchObject({ email: "ada@example.com", role: "admin", disabled: false });
    adminCookie = cookieHeader(first);
    expect(adminCookie).toContain("session_token");
    const again = await call(setup, "/api/setup", { method: "POST", body: { ...admin, email: "eve@example.com" } });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("conflict:setup");
    const whoami = await call(me, "/api/me", { cookie: adminCookie });
    expect(whoami.json.user).toMatchObject({ name: "Ada Admin", role: "admin" });
  });

  it("lets the admin add a member who can then sign in", async () => {
    const added = await call(addMember, "/api/members", {
      method: "POST",
      cookie: adminCookie,
      body: { name: "Mo", email: "MO@example.com", password: "member password 1", role: "member" },
    });
    expect(added.status).toBe(201);
    expect(added.json.member).toMatchObject({ email: "mo@example.com", role: "member" });
    const cookie = await signIn("mo@example.com", "member password 1");
    expect((await call(me, "/api/me", { cookie })).json.user.role).toBe("member");
    expect((await call(listMembers, "/api/members", { cookie })).status).toBe(403);
    const list = await call(listMembers, "/api/members", { cookie: adminCookie });
    expect(list.json.members.map((m: { email: string }) => m.email)).toEqual(["ada@example.com", "mo@example.com"]);
  });

  it("ends a disabled member's sessions at once and refuses their sign-in", async () => {
    const added = await call(addMember, "/api/members", {
      method: "POST",
      cookie: adminCookie,
      body: { name: "Dee", email: "dee@example.com", password: "member password 2", role: "member" },
    });
    const cookie = await signIn("dee@example.com", "member password 2");
    expect((await call(me, "/api/me", { cookie })).status).toBe(200);
    const disabled = await call(patchMember, "/api/members/x", {
      method: "PATCH",
      cookie: adminCookie,
      params: { id: added.json.member.id },
      body: { disabled: true },
    });
    expect(disabled.json.member.disabled).toBe(true);
    expect((await call(me, "/api/me", { cookie })).status).toBe(401);
    await expect(signIn("dee@example.com", "member password 2")).rejects.toThrow(/403/);
  });

  it("never demotes or disables the last admin", async () => {
    const list = await call(listMembers, "/api/members", { cookie: adminCookie });
    const ada = list.json.members.find((m: { email: string }) => m.email === "ada@example.com");
    const demote = await call(patchMember, "/api/members/x", {
      method: "PATCH",
      cookie: adminCookie,
      params: { id: ada.id },
      body: { role: "member" },
    });
    expect(demote.status).toBe(409);
    expect(demote.json.error.code).toBe("conflict:last_admin");
    const disable = await call(patchMember, "/api/members/x", {
      method: "PATCH",
      cookie: adminCookie,
      params: { id: ada.id },
      body: { disabled: true },
    });
    expect(disable.status).toBe(409);
    expect((await call(me, "/api/me", { cookie: adminCookie })).json.user.role).toBe("admin");
  });
});
