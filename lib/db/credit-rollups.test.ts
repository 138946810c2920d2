// The daily credit rollups (kept by triggers on tasks, migration 0011) must always equal a full recount of
// the tasks table, whatever the writers do: inserts, single and bulk updates of every counted column,
// updates of columns that do not count, and deletes, in a random order from a fixed seed.
import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { creditTotals, readRollups, recountRollups, type RollupRow } from "@/lib/db/credit-totals";
import type { TaskTable } from "@/lib/db/schema";
import { migrated } from "@/lib/testing/app";

/** mulberry32: the same series on every run, so a failure replays. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!, chance: (p: number) => next() < p };
}

const USERS = ["ada", "mo", null] as const;
const MODELS = ["gamma-5-pro", "alpha-2.3", "delta-image-2"] as const;
const STATUSES = ["pending", "processing", "succeeded", "failed"] as const;
const ERRORS = [null, null, "generation_failed", "refund_pending", "media_deleted"] as const;
const CREDITS = [null, 0, 16, 44, 12.5, 30] as const;
const DAYS = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-06-10"] as const;

const byKey = (rows: RollupRow[]) => Object.fromEntries(rows.map((row) => [row.key, row.totals]));

async function reconcile() {
  const stored = await readRollups(database().db);
  // A group whose tasks all went away keeps a row of zeros; nothing else may be left in it.
  for (const row of stored.filter((row) => row.totals.tasks === 0)) expect(Object.values(row.totals).every((v) => v === 0)).toBe(true);
  expect(byKey(stored.filter((row) => row.totals.tasks !== 0))).toEqual(byKey(await recountRollups(database().db)));
}

beforeAll(async () => {
  await migrated();
});

describe("credit rollups", () => {
  it("equal a full recount after a random series of inserts, updates and deletes", async () => {
    const { db } = database();
    const r = random(15);
    const row = (): Partial<Insertable<TaskTable>> => ({
      user_id: r.pick(USERS),
      model: r.pick(MODELS),
      status: r.pick(STATUSES),
      error_code: r.pick(ERRORS),
      credits_reserved: r.pick(CREDITS),
      credits_used: r.pick(CREDITS),
      credits_refunded: r.pick(CREDITS),
      lost: r.chance(0.2) ? 1 : 0,
      created_at: `${r.pick(DAYS)}T${r.pick(["00:00:00.000", "11:59:59.999", "23:59:59.999"])}Z`,
    });
    const ids: string[] = [];
    for (let step = 0; step < 400; step += 1) {
      const roll = r.pick(["insert", "insert", "update", "update", "bulk", "untracked", "delete"] as const);
      if (roll === "insert" || ids.length === 0) {
        const id = `task_roll_${step}`;
        ids.push(id);
        await db
          .insertInto("tasks")
          .values({ id, kind: "image", updated_at: "2026-05-01T00:00:00.000Z", ...row() } as Insertable<TaskTable>)
          .execute();
      } else if (roll === "update") {
        // A random subset of the counted columns, as the engine's and the import's writes do.
        const patch = Object.fromEntries(Object.entries(row()).filter(() => r.chance(0.4)));
        if (Object.keys(patch).length) await db.updateTable("tasks").set(patch).where("id", "=", r.pick(ids)).execute();
      } else if (roll === "bulk") {
        await db
          .updateTable("tasks")
          .set({ status: r.pick(STATUSES), credits_refunded: r.pick(CREDITS) })
          .where("model", "=", r.pick(MODELS))
          .execute();
      } else if (roll === "untracked") {
        await db
          .updateTable("tasks")
          .set({ next_poll_at: "2026-05-01T00:00:05.000Z", favourite: 1 })
          .where("id", "=", r.pick(ids))
          .execute();
      } else {
        const id = r.pick(ids);
        ids.splice(ids.indexOf(id), 1);
        await db.deleteFrom("tasks").where("id", "=", id).execute();
      }
      if (step % 100 === 99) await reconcile();
    }
    await reconcile();
    expect(ids.length).toBeGreaterThan(50);
  });

  it("counts a period that starts mid-day from that day's tasks themselves", async () => {
    const { db } = database();
    await db.deleteFrom("tasks").execute();
    for (const [id, created_at] of [
      ["mid_1", "2026-07-01T06:00:00.000Z"],
      ["mid_2", "2026-07-01T12:00:00.000Z"],
      ["mid_3", "2026-07-01T18:00:00.000Z"],
      ["mid_4", "2026-07-02T01:00:00.000Z"],
    ] as const) {
      await db
        .insertInto("tasks")
        .values({
          id,
          model: "gamma-5-pro",
          kind: "image",
          status: "succeeded",
          credits_reserved: 44,
          credits_used: 40,
          created_at,
          updated_at: created_at,
        })
        .execute();
    }
    expect(await creditTotals(db, { since: "2026-07-01T12:00:00.000Z" })).toMatchObject({
      tasks: 3,
      used: 120,
      firstCreatedAt: "2026-07-01T12:00:00.000Z",
    });
    expect(await creditTotals(db)).toMatchObject({ tasks: 4, used: 160 });
    await reconcile();
  });
});
