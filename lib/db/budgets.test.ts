// What a budget counts (spendFigures, one indexed query per figure) must equal a recount of every task and
// submission row in JavaScript, for a member and for the team, across period edges, from a fixed seed.
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { spendFigures } from "@/lib/db/budgets";
import type { Submission } from "@/lib/db/submissions";
import type { TaskRow } from "@/lib/db/tasks";
import { migrated } from "@/lib/testing/app";

function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const USERS = ["ada", "mo", null] as const;
const STATUSES = ["pending", "processing", "succeeded", "failed"] as const;
const ERRORS = [null, null, "generation_failed", "refund_pending", "media_deleted"] as const;
const CREDITS = [null, 0, 16, 44, 12.5] as const;
const TIMES = ["2026-05-01T21:59:59.999Z", "2026-05-01T22:00:00.000Z", "2026-05-02T10:00:00.000Z", "2026-05-02T22:00:00.000Z"] as const;
const STATES = ["queued", "sending", "accepted", "rejected", "cancelled", "attention"] as const;

/** What the budget counts, recounted from rows in the ledger's words (lib/credits/ledger.ts). */
function recount(tasks: TaskRow[], subs: Submission[], { userId, start, end }: { userId: string | null; start: string; end: string }) {
  const mine = tasks.filter((t) => t.created_at >= start && t.created_at < end && (userId === null || t.user_id === userId));
  const spent = (t: TaskRow) => t.status === "succeeded" || t.error_code === "media_deleted";
  const n = (v: unknown) => Number(v ?? 0);
  const used = mine.filter(spent).reduce((s, t) => s + n(t.credits_used ?? t.credits_reserved), 0);
  const live = (t: TaskRow) => (t.status === "pending" || t.status === "processing") && !t.lost;
  const reservedNow = mine
    .filter((t) => live(t) && t.credits_used === null && t.credits_refunded === null)
    .reduce((s, t) => s + n(t.credits_reserved), 0);
  const failed = mine.filter((t) => t.status === "failed" && !spent(t));
  const refundPending = failed
    .filter((t) => t.error_code === "refund_pending" && t.credits_refunded === null)
    .reduce((s, t) => s + n(t.credits_reserved), 0);
  const refunded = mine.filter((t) => t.status === "failed" && t.credits_refunded !== null).reduce((s, t) => s + n(t.credits_refunded), 0);
  const queued = subs
    .filter((s) => (s.state === "queued" || s.state === "sending") && (userId === null || s.user_id === userId))
    .reduce((sum, s) => sum + n(s.estimated_credits), 0);
  return { used, reservedNow, refundPending, refunded, queued };
}

describe("budget figures", () => {
  beforeAll(async () => {
    await migrated();
    const rng = random(17);
    const { db } = database();
    for (let i = 0; i < 300; i += 1) {
      const status = rng.pick(STATUSES);
      const reserved = rng.pick(CREDITS);
      await db
        .insertInto("tasks")
        .values({
          id: `task_b${i}`,
          user_id: rng.pick(USERS),
          model: "gamma-5-pro",
          kind: "image",
          status,
          params: null,
          prompt: null,
          error_code: status === "failed" || status === "succeeded" ? rng.pick(ERRORS) : null,
          error_message: null,
          credits_reserved: reserved,
          credits_used: status === "succeeded" ? rng.pick(CREDITS) : null,
          credits_refunded: status === "failed" ? rng.pick(CREDITS) : null,
          lost: rng.pick([0, 0, 1]),
          upstream_raw: null,
          submission_id: null,
          upstream_created_at: null,
          upstream_updated_at: null,
          completed_at: null,
          media_deleted_at: null,
          archive_error: null,
          next_poll_at: null,
          last_polled_at: null,
          lease_until: null,
          lease_owner: null,
          unreadable: null,
          created_at: rng.pick(TIMES),
          updated_at: "2026-05-02T00:00:00.000Z",
        })
        .execute();
    }
    for (let i = 0; i < 60; i += 1) {
      await db
        .insertInto("submissions")
        .values({
          id: `sub_b${i}`,
          user_id: rng.pick(["ada", "mo"]),
          model: "gamma-5-pro",
          kind: "image",
          endpoint: "images",
          params: "{}",
          body: "{}",
          idempotency_key: `k${i}`,
          state: rng.pick(STATES),
          position: i,
          next_attempt_at: "2026-05-02T00:00:00.000Z",
          lease_until: null,
          error_code: null,
          error_message: null,
          error_field: null,
          runs_id: null,
          task_id: null,
          upstream_raw: null,
          estimated_credits: rng.pick([44, 12.5, 0, null]),
          created_at: "2026-05-02T00:00:00.000Z",
          updated_at: "2026-05-02T00:00:00.000Z",
        })
        .execute();
    }
  });

  const windows = [
    { start: "2026-05-01T22:00:00.000Z", end: "2026-05-02T22:00:00.000Z" }, // one Paris day: both edges in play
    { start: "2026-05-01T00:00:00.000Z", end: "2026-06-01T00:00:00.000Z" },
  ];
  for (const userId of ["ada", "mo", null] as const)
    for (const window of windows)
      it(`equals a recount for ${userId ?? "the team"} from ${window.start}`, async () => {
        const { db } = database();
        const tasks = await db.selectFrom("tasks").selectAll().execute();
        const subs = await db.selectFrom("submissions").selectAll().execute();
        const figures = await spendFigures(db, { userId, ...window });
        const expected = recount(tasks, subs, { userId, ...window });
        for (const key of ["used", "reservedNow", "refundPending", "refunded", "queued"] as const)
          expect(figures[key]).toBeCloseTo(expected[key], 6);
      });
});
