import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createFirstAdmin } from "@/lib/auth/members";
import { database } from "@/lib/db";
import { getCreditReport } from "@/lib/credits/report";
import { creditsByMember, creditsByModel, creditTotals, hasTasks, spendByBucket } from "@/lib/db/credit-totals";
import type { TaskTable } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import { ADMIN, MEMBER_PASSWORD, migrated } from "@/lib/testing/app";

// Every figure below is worked out by hand from this table, not by the code under test.
// The period starts 2026-03-01T00:00:00.000Z (t13 and t14 are before it).
const SINCE = "2026-03-01T00:00:00.000Z";

type Seed = Partial<Insertable<TaskTable>> & { id: string; user: "ada" | "mo" | "vi" | null | "gone"; created_at: string };

const SEEDS: Seed[] = [
  {
    id: "t1",
    user: "ada",
    model: "gamma-5-pro",
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    created_at: "2026-03-01T10:00:00.000Z",
  },
  {
    id: "t2",
    user: "ada",
    model: "gamma-5-pro",
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    hidden: 1,
    created_at: "2026-03-01T23:59:59.999Z",
  },
  {
    id: "t3",
    user: "mo",
    model: "delta-image-2",
    status: "succeeded",
    credits_reserved: 16,
    credits_used: 16,
    created_at: "2026-03-03T08:00:00.000Z",
  },
  {
    id: "t4",
    user: "mo",
    model: "alpha-2.3",
    kind: "video",
    status: "failed",
    error_code: "generation_failed",
    credits_reserved: 30,
    credits_refunded: 30,
    created_at: "2026-03-03T09:00:00.000Z",
  },
  // Refund pending, and hidden: still counted.
  {
    id: "t5",
    user: "mo",
    model: "alpha-2.3",
    kind: "video",
    status: "failed",
    error_code: "refund_pending",
    credits_reserved: 38,
    hidden: 1,
    created_at: "2026-03-04T12:00:00.000Z",
  },
  {
    id: "t6",
    user: "ada",
    model: "beta-2.0",
    kind: "video",
    status: "processing",
    credits_reserved: 60,
    created_at: "2026-03-05T01:00:00.000Z",
  },
  // Live but not priced yet.
  { id: "t7", user: "ada", model: "gamma-5-pro", status: "pending", credits_reserved: null, created_at: "2026-03-05T02:00:00.000Z" },
  // Lost: the upstream no longer knows it, so it holds nothing Darkroom can speak for.
  {
    id: "t8",
    user: "mo",
    model: "gamma-5-pro",
    status: "processing",
    credits_reserved: 44,
    lost: 1,
    created_at: "2026-03-05T03:00:00.000Z",
  },
  // Imported before members existed: no member.
  {
    id: "t9",
    user: null,
    model: "gamma-5-pro",
    status: "succeeded",
    credits_reserved: 35,
    credits_used: 35,
    created_at: "2026-03-02T00:00:00.000Z",
  },
  // Succeeded without reporting credits_used: charged what it reserved.
  {
    id: "t10",
    user: "vi",
    model: "gamma-5-pro",
    status: "succeeded",
    credits_reserved: 28,
    credits_used: null,
    created_at: "2026-03-02T05:00:00.000Z",
  },
  // Succeeded, then expired upstream (as an import records it): spent, not refunded.
  {
    id: "t11",
    user: "ada",
    model: "gamma-5-pro",
    status: "failed",
    error_code: "media_deleted",
    credits_reserved: 44,
    created_at: "2026-03-02T06:00:00.000Z",
  },
  // The refund settled while the code still read refund_pending: refunded, not pending.
  {
    id: "t12",
    user: "mo",
    model: "delta-image-2",
    status: "failed",
    error_code: "refund_pending",
    credits_reserved: 16,
    credits_refunded: 16,
    created_at: "2026-03-04T13:00:00.000Z",
  },
  // Before the period.
  {
    id: "t13",
    user: "ada",
    model: "gamma-5-pro",
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    created_at: "2026-02-28T23:59:59.999Z",
  },
  {
    id: "t14",
    user: "mo",
    model: "alpha-2.3",
    kind: "video",
    status: "failed",
    error_code: "refund_pending",
    credits_reserved: 30,
    created_at: "2026-02-20T10:00:00.000Z",
  },
  // Its member was deleted: the id stays, the name is gone.
  {
    id: "t15",
    user: "gone",
    model: "epsilon-v6",
    kind: "video",
    status: "succeeded",
    credits_reserved: 20,
    credits_used: 20,
    created_at: "2026-03-05T04:00:00.000Z",
  },
];

const ids: Record<string, string> = { gone: "gone-user" };

beforeAll(async () => {
  await migrated();
  const ada = await createFirstAdmin(ADMIN, new Headers());
  const actor = { id: ada.id, name: ada.name, email: ada.email, role: "admin" as const };
  ids.ada = ada.id;
  ids.mo = (await addMember(actor, { name: "Mo", email: "mo@example.com", password: MEMBER_PASSWORD, role: "member" })).id;
  ids.vi = (await addMember(actor, { name: "Vi", email: "vi@example.com", password: MEMBER_PASSWORD, role: "viewer" })).id;
  for (const { user, ...seed } of SEEDS) {
    await insertTask(database().db, {
      model: "gamma-5-pro",
      kind: "image",
      status: "succeeded",
      updated_at: seed.created_at,
      ...seed,
      user_id: user ? ids[user]! : null,
    });
  }
});

describe("credit totals", () => {
  it("adds up the period: used, reserved now, refunded, refund pending and task counts", async () => {
    expect(await creditTotals(database().db, { since: SINCE })).toEqual({
      tasks: 13,
      used: 231, // t1 44 + t2 44 (hidden) + t3 16 + t9 35 + t10 28 (reserved) + t11 44 + t15 20
      refunded: 46, // t4 30 + t12 16
      reservedNow: 60, // t6; t7 has no price yet; t8 is lost
      refundPending: 38, // t5 (hidden)
      succeededTasks: 7,
      failedTasks: 3,
      liveTasks: 2,
      refundedTasks: 2,
      refundPendingTasks: 1,
      firstCreatedAt: "2026-03-01T10:00:00.000Z",
    });
  });

  it("counts everything for all time", async () => {
    const all = await creditTotals(database().db);
    expect(all).toMatchObject({
      tasks: 15,
      used: 275,
      refunded: 46,
      reservedNow: 60,
      refundPending: 68,
      succeededTasks: 8,
      failedTasks: 4,
      refundPendingTasks: 2,
    });
    expect(all.firstCreatedAt).toBe("2026-02-20T10:00:00.000Z");
    expect(await creditTotals(database().db, { since: null })).toEqual(all);
  });

  it("answers zeros, as numbers, for a period with no tasks", async () => {
    const empty = await creditTotals(database().db, { since: "2027-01-01T00:00:00.000Z" });
    expect(empty).toEqual({
      tasks: 0,
      used: 0,
      refunded: 0,
      reservedNow: 0,
      refundPending: 0,
      succeededTasks: 0,
      failedTasks: 0,
      liveTasks: 0,
      refundedTasks: 0,
      refundPendingTasks: 0,
      firstCreatedAt: null,
    });
    expect(await creditsByMember(database().db, { since: "2027-01-01T00:00:00.000Z" })).toEqual([]);
    expect(await creditsByModel(database().db, { since: "2027-01-01T00:00:00.000Z" })).toEqual([]);
    expect(await spendByBucket(database().db, { since: "2027-01-01T00:00:00.000Z", bucket: "day" })).toEqual([]);
  });

  it("breaks the period down by member, most used first, with names", async () => {
    expect(await creditsByMember(database().db, { since: SINCE })).toEqual([
      { userId: ids.ada, name: "Ada Admin", tasks: 5, used: 132, refunded: 0, reservedNow: 60 },
      { userId: null, name: null, tasks: 1, used: 35, refunded: 0, reservedNow: 0 },
      { userId: ids.vi, name: "Vi", tasks: 1, used: 28, refunded: 0, reservedNow: 0 },
      { userId: "gone-user", name: null, tasks: 1, used: 20, refunded: 0, reservedNow: 0 },
      { userId: ids.mo, name: "Mo", tasks: 5, used: 16, refunded: 46, reservedNow: 0 },
    ]);
  });

  it("breaks the period down by model, most used first, then most tasks", async () => {
    expect(await creditsByModel(database().db, { since: SINCE })).toEqual([
      { model: "gamma-5-pro", tasks: 7, used: 195, refunded: 0, reservedNow: 0 },
      { model: "epsilon-v6", tasks: 1, used: 20, refunded: 0, reservedNow: 0 },
      { model: "delta-image-2", tasks: 2, used: 16, refunded: 16, reservedNow: 0 },
      { model: "alpha-2.3", tasks: 2, used: 0, refunded: 30, reservedNow: 0 },
      { model: "beta-2.0", tasks: 1, used: 0, refunded: 0, reservedNow: 60 },
    ]);
  });

  it("sums the used credits per UTC day of creation, leaving out days with nothing", async () => {
    expect(await spendByBucket(database().db, { since: SINCE, bucket: "day" })).toEqual([
      { key: "2026-03-01", used: 88 }, // 23:59:59.999 is still the 1st
      { key: "2026-03-02", used: 107 },
      { key: "2026-03-03", used: 16 },
      { key: "2026-03-05", used: 20 },
    ]);
  });

  it("sums per month for all time", async () => {
    expect(await spendByBucket(database().db, { bucket: "month" })).toEqual([
      { key: "2026-02", used: 44 },
      { key: "2026-03", used: 231 },
    ]);
  });

  it("knows whether any task was ever recorded", async () => {
    expect(await hasTasks(database().db)).toBe(true);
  });

  it("includes a task created exactly at the start of the period", async () => {
    const totals = await creditTotals(database().db, { since: "2026-03-02T00:00:00.000Z" });
    // t9 at the first instant counts; t1 and t2 on the 1st do not.
    expect(totals).toMatchObject({ tasks: 11, used: 143 });
  });
});

describe("the Credits page's report", () => {
  it("fills every day of the period, empty days with 0", async () => {
    const report = await getCreditReport({ period: "7d", now: new Date("2026-03-05T15:00:00.000Z") });
    expect(report.since).toBe("2026-02-27T00:00:00.000Z");
    expect(report.totals).toMatchObject({ tasks: 14, used: 275 }); // t13 on the 28th is in; t14 on the 20th is not
    expect(report.spend).toEqual({
      bucket: "day",
      points: [
        { key: "2026-02-27", used: 0 },
        { key: "2026-02-28", used: 44 },
        { key: "2026-03-01", used: 88 },
        { key: "2026-03-02", used: 107 },
        { key: "2026-03-03", used: 16 },
        { key: "2026-03-04", used: 0 },
        { key: "2026-03-05", used: 20 },
      ],
    });
    expect(report.byModel.map((row) => row.model)[0]).toBe("gamma-5-pro");
    expect(report.anyTasks).toBe(true);
  });

  it("draws all time from the first task's day, by month once it spans more than 90 days", async () => {
    const soon = await getCreditReport({ period: "all", now: new Date("2026-03-05T15:00:00.000Z") });
    expect(soon.since).toBeNull();
    expect(soon.spend.bucket).toBe("day");
    expect(soon.spend.points).toHaveLength(14); // 20 Feb to 5 Mar
    expect(soon.spend.points.reduce((sum, point) => sum + point.used, 0)).toBe(275);
    const later = await getCreditReport({ period: "all", now: new Date("2026-08-01T00:00:00.000Z") });
    expect(later.spend).toEqual({
      bucket: "month",
      points: [
        { key: "2026-02", used: 44 },
        { key: "2026-03", used: 231 },
        { key: "2026-04", used: 0 },
        { key: "2026-05", used: 0 },
        { key: "2026-06", used: 0 },
        { key: "2026-07", used: 0 },
        { key: "2026-08", used: 0 },
      ],
    });
  });

  it("tells an empty period from an empty team", async () => {
    const quiet = await getCreditReport({ period: "30d", now: new Date("2027-06-01T12:00:00.000Z") });
    expect(quiet.totals.tasks).toBe(0);
    expect(quiet.anyTasks).toBe(true);
    expect(quiet.spend.points).toHaveLength(30);
    expect(quiet.spend.points.every((point) => point.used === 0)).toBe(true);
  });
});
