import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { database } from "@/lib/db";
import { listAudit, recordAudit } from "@/lib/db/audit";
import { addSignedIn, call, setupAdmin, type Signed } from "@/lib/testing/app";

// Entries written under a fake clock are dated after everything the real clock wrote before them.
const T0 = Date.parse("2031-01-01T00:00:00.000Z");

describe("audit log", () => {
  let admin: Signed;

  beforeAll(async () => {
    admin = await setupAdmin();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("records first-run setup", async () => {
    const [entry] = await listAudit(database().db);
    expect(entry).toMatchObject({ actor_id: admin.member.id, action: "setup.first_admin", subject_id: admin.member.id, detail: null });
  });

  it("records member additions and changes with the acting admin and the change", async () => {
    const mo = await addSignedIn(admin.cookie, { role: "member", email: "mo@example.com" });
    const patched = await call(patchMember, "/api/members/x", {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: mo.member.id },
      body: { role: "viewer" },
    });
    expect(patched.status).toBe(200);
    const [change, add] = await listAudit(database().db, { limit: 2 });
    expect(add).toMatchObject({ actor_id: admin.member.id, action: "member.add", subject_id: mo.member.id });
    expect(JSON.parse(add!.detail!)).toEqual({ role: "member" });
    expect(change).toMatchObject({ actor_id: admin.member.id, action: "member.change", subject_id: mo.member.id });
    expect(JSON.parse(change!.detail!)).toEqual({ role: "viewer" });
  });

  it("stores an entry with its JSON detail and lists the newest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const entries = [
      { actorId: admin.member.id, action: "test.first", subjectId: "s1", detail: { role: "viewer", nested: { n: 1, ok: true } } },
      { actorId: null, action: "test.second" },
      { actorId: admin.member.id, action: "test.third", detail: { text: 'quote " and ünïcode ✓' } },
    ];
    for (const [index, entry] of entries.entries()) {
      vi.setSystemTime(T0 + index * 1000);
      await recordAudit(database().db, entry);
    }
    const [third, second, first] = await listAudit(database().db, { limit: 3 });
    expect(first).toMatchObject({
      action: "test.first",
      actor_id: admin.member.id,
      subject_id: "s1",
      created_at: "2031-01-01T00:00:00.000Z",
    });
    expect(JSON.parse(first!.detail!)).toEqual(entries[0]!.detail);
    expect(second).toMatchObject({
      action: "test.second",
      actor_id: null,
      subject_id: null,
      detail: null,
      created_at: "2031-01-01T00:00:01.000Z",
    });
    expect(third?.action).toBe("test.third");
    expect(JSON.parse(third!.detail!)).toEqual({ text: 'quote " and ünïcode ✓' });
    expect(typeof third?.id).toBe("string");
    expect(new Set([first?.id, second?.id, third?.id]).size).toBe(3);
  });

  it("limits the list, 50 by default", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let index = 0; index < 55; index += 1) {
      vi.setSystemTime(T0 + 10_000 + index);
      await recordAudit(database().db, { actorId: null, action: `test.bulk.${index}` });
    }
    const all = await listAudit(database().db);
    expect(all).toHaveLength(50);
    expect(all[0]?.action).toBe("test.bulk.54");
    expect(all[49]?.action).toBe("test.bulk.5");
    expect((await listAudit(database().db, { limit: 2 })).map((entry) => entry.action)).toEqual(["test.bulk.54", "test.bulk.53"]);
  });

  it("never records a password, hash or session token", async () => {
    const rows = await database().db.selectFrom("audit_log").selectAll().execute();
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/password|argon2|session_token/i);
  });
});
