import { beforeAll, describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/me/route";
import { addMember, createFirstAdmin } from "@/lib/auth/members";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { claimInstanceFlag, getInstanceValue } from "@/lib/db/instance";
import { countActiveAdmins, countUsers, deleteSessionsOf, getMember, listMembers, updateMember } from "@/lib/db/users";
import type { Role } from "@/lib/members/roles";
import type { Member } from "@/lib/members/schemas";
import { ADMIN, call, freshIp, MEMBER_PASSWORD, migrated, signIn } from "@/lib/testing/app";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("users data access", () => {
  let ada: Member;
  let actor: SessionUser;
  const added: Record<string, Member> = {};

  async function add(email: string, role: Role): Promise<Member> {
    await pause(5); // distinct createdAt, so creation order is observable
    added[email] = await addMember(actor, { name: email.split("@")[0]!, email, password: MEMBER_PASSWORD, role });
    return added[email]!;
  }

  beforeAll(async () => {
    await migrated();
    expect(await countUsers(database().db)).toBe(0);
    ada = await createFirstAdmin(ADMIN, new Headers());
    actor = { id: ada.id, name: ada.name, email: ada.email, role: "admin" };
    await add("ben@example.com", "admin");
    await add("mo@example.com", "member");
    await add("vi@example.com", "viewer");
  });

  it("counts users", async () => {
    expect(await countUsers(database().db)).toBe(4);
  });

  it("lists members oldest first, in the API's shape", async () => {
    const members = await listMembers(database().db);
    expect(members.map((member) => member.email)).toEqual(["ada@example.com", "ben@example.com", "mo@example.com", "vi@example.com"]);
    expect(members.map((member) => member.role)).toEqual(["admin", "admin", "member", "viewer"]);
    for (const member of members) {
      expect(Object.keys(member).sort()).toEqual(["createdAt", "disabled", "email", "id", "name", "role"]);
      expect(member.disabled).toBe(false);
      expect(member.createdAt).toMatch(ISO);
    }
  });

  it("gets one member by id, and nothing for an unknown id", async () => {
    expect(await getMember(database().db, { id: ada.id })).toEqual({ ...ada });
    expect(await getMember(database().db, { id: "no-such-user" })).toBeUndefined();
    expect(await getMember(database().db, { id: "" })).toBeUndefined();
  });

  it("counts active admins, optionally excluding one, and ignores disabled admins", async () => {
    const ben = added["ben@example.com"]!;
    expect(await countActiveAdmins(database().db)).toBe(2);
    expect(await countActiveAdmins(database().db, { excluding: ada.id })).toBe(1);
    expect(await countActiveAdmins(database().db, { excluding: added["mo@example.com"]!.id })).toBe(2);
    await updateMember(database().db, { id: ben.id, disabled: true });
    expect(await countActiveAdmins(database().db)).toBe(1);
    expect(await countActiveAdmins(database().db, { excluding: ada.id })).toBe(0);
    await updateMember(database().db, { id: ben.id, disabled: false });
    expect(await countActiveAdmins(database().db)).toBe(2);
  });

  it("round-trips role and disabled as a real role and real booleans", async () => {
    const mo = added["mo@example.com"]!;
    await updateMember(database().db, { id: mo.id, role: "viewer", disabled: true });
    const changed = await getMember(database().db, { id: mo.id });
    expect(changed).toMatchObject({ role: "viewer", disabled: true });
    expect(typeof changed?.disabled).toBe("boolean");
    await updateMember(database().db, { id: mo.id, disabled: false });
    expect(await getMember(database().db, { id: mo.id })).toMatchObject({ role: "viewer", disabled: false });
    await updateMember(database().db, { id: mo.id, role: "member" });
    expect(await getMember(database().db, { id: mo.id })).toMatchObject({
      role: "member",
      disabled: false,
      email: mo.email,
      name: mo.name,
    });
  });

  it("leaves other members alone when updating one", async () => {
    const before = await listMembers(database().db);
    await updateMember(database().db, { id: added["vi@example.com"]!.id, role: "viewer" });
    expect((await listMembers(database().db)).map(({ id, role, disabled }) => ({ id, role, disabled }))).toEqual(
      before.map(({ id, role, disabled }) => ({ id, role, disabled })),
    );
  });

  it("ends every session of one user and reports how many", async () => {
    const vi = added["vi@example.com"]!;
    const first = await signIn(vi.email, MEMBER_PASSWORD, freshIp());
    const second = await signIn(vi.email, MEMBER_PASSWORD, freshIp());
    const mo = await signIn("mo@example.com", MEMBER_PASSWORD, freshIp());
    expect((await call(me, "/api/me", { cookie: first })).status).toBe(200);
    expect(await deleteSessionsOf(database().db, { userId: vi.id })).toBe(2);
    // Ending them moved the session epoch: every instance's cache verifies these cookies afresh.
    expect((await call(me, "/api/me", { cookie: first })).status).toBe(401);
    expect((await call(me, "/api/me", { cookie: second })).status).toBe(401);
    expect((await call(me, "/api/me", { cookie: mo })).status).toBe(200);
    expect(await deleteSessionsOf(database().db, { userId: vi.id })).toBe(0);
  });
});

describe("instance flags", () => {
  it("claims a flag once, keeping the first value", async () => {
    expect(await claimInstanceFlag(database().db, { key: "test-flag", value: "first" })).toBe(true);
    expect(await claimInstanceFlag(database().db, { key: "test-flag", value: "second" })).toBe(false);
    expect(await getInstanceValue(database().db, { key: "test-flag" })).toBe("first");
    expect(await getInstanceValue(database().db, { key: "never-set" })).toBeUndefined();
  });

  it("lets exactly one of many racing claims through", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => claimInstanceFlag(database().db, { key: "race", value: String(index) })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("has the setup flag claimed by the first admin", async () => {
    expect(await getInstanceValue(database().db, { key: "setup" })).toMatch(ISO);
    expect(await claimInstanceFlag(database().db, { key: "setup", value: "again" })).toBe(false);
  });
});
