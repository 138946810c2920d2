// The list's and the Credits page's queries on a table big enough for the planners to care: each must read
// an index (keyset, prompt search, rollups), never the whole tasks table. Plans from EXPLAIN on both databases.
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { tokenCommitted } from "@/lib/db/budgets";
import { creditsByMember, creditsByModel, creditTotals, spendByBucket } from "@/lib/db/credit-totals";
import { dialectOf } from "@/lib/db/connect";
import { listTasks } from "@/lib/db/task-list";
import { plansOf } from "@/lib/testing/explain";
import { migrated } from "@/lib/testing/app";

const TOTAL = 5_000;
const NEWEST = Date.parse("2026-06-30T12:00:00.000Z");
const at = (i: number) => new Date(NEWEST - i * 60_000).toISOString();
const id = (i: number) => `task_plan_${String(i).padStart(5, "0")}`;
const postgres = () => dialectOf(database().db) === "postgres";

beforeAll(async () => {
  await migrated();
  const { db } = database();
  for (let start = 0; start < TOTAL; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      return {
        id: id(i),
        user_id: `member_${i % 4}`,
        model: i % 3 ? "gamma-5-pro" : "alpha-2.3",
        kind: i % 3 ? ("image" as const) : ("video" as const),
        // Two prompts carry a rare word: the selective search the index is for.
        prompt: `plan task ${i}: a lighthouse over the bay${i === 1234 || i === 4321 ? " with a zebrafinch" : ""}`,
        status: i % 10 === 9 ? ("failed" as const) : ("succeeded" as const),
        credits_reserved: 44,
        credits_used: i % 10 === 9 ? null : 44,
        credits_refunded: i % 10 === 9 ? 44 : null,
        hidden: i % 100 === 50 ? 1 : 0,
        submission_id: `sub_plan_${i}`,
        created_at: at(i),
        updated_at: at(i),
      };
    });
    await db.insertInto("tasks").values(rows).execute();
  }
  // Submissions, one in fifty through a script's token (the rest from the dashboard), each with its task.
  for (let start = 0; start < TOTAL; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      return {
        id: `sub_plan_${i}`,
        user_id: `member_${i % 4}`,
        model: "gamma-5-pro",
        kind: "image" as const,
        endpoint: "images" as const,
        params: "{}",
        body: "{}",
        idempotency_key: `darkroom-plan-${i}`,
        state: "accepted" as const,
        position: i,
        next_attempt_at: at(i),
        lease_until: null,
        error_code: null,
        error_message: null,
        error_field: null,
        runs_id: null,
        task_id: id(i),
        upstream_raw: null,
        token_id: i % 50 === 0 ? `token_${i % 200}` : null,
        created_at: at(i),
        updated_at: at(i),
      };
    });
    await db.insertInto("submissions").values(rows).execute();
  }
  await sql`analyze`.execute(db);
});

describe("query plans at 5,000 tasks", () => {
  it("pages after a deep cursor down the (created_at, id) index, without sorting", async () => {
    let rows: { id: string }[] = [];
    const [plan] = await plansOf(database().db, async (db) => {
      rows = await listTasks(db, { cursor: { createdAt: at(3000), id: id(3000) }, limit: 51 });
    });
    expect(rows[0]?.id).toBe(id(3001));
    expect(rows).toHaveLength(51);
    if (postgres()) {
      expect(plan).toMatch(/Index Scan Backward using tasks_created on tasks/);
      expect(plan).not.toMatch(/Seq Scan on tasks|Sort Key/);
    } else {
      expect(plan).toMatch(/SEARCH tasks USING INDEX tasks_created \(\(created_at,id\)<\(\?,\?\)\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("finds a rare word in the prompts through the full-text index", async () => {
    let rows: { id: string }[] = [];
    const [plan] = await plansOf(database().db, async (db) => {
      rows = await listTasks(db, { filters: { q: "ZebraFinch bay" }, limit: 51 });
    });
    expect(rows.map((row) => row.id)).toEqual([id(1234), id(4321)]);
    if (postgres()) {
      expect(plan).toMatch(/Bitmap Index Scan on tasks_prompt_trgm/);
      expect(plan).not.toMatch(/Seq Scan on tasks/);
    } else {
      expect(plan).toMatch(/SCAN tasks_fts VIRTUAL TABLE INDEX/);
      expect(plan).toMatch(/SEARCH tasks USING INDEX sqlite_autoindex_tasks_1 \(id=\?\)/);
    }
  });

  it("answers the Credits figures from the rollups, touching tasks only through an index", async () => {
    const plans = await plansOf(database().db, async (db) => {
      for (const since of [null, "2026-06-27T00:00:00.000Z"]) {
        await creditTotals(db, { since });
        await creditsByMember(db, { since });
        await creditsByModel(db, { since });
        await spendByBucket(db, { since, bucket: "day" });
      }
    });
    expect(plans.some((plan) => /credit_rollups/.test(plan))).toBe(true);
    for (const plan of plans) {
      if (postgres()) expect(plan).not.toMatch(/Seq Scan on tasks/);
      else expect(plan).not.toMatch(/SCAN tasks(?! USING COVERING INDEX tasks_created)/);
    }
    expect(await creditTotals(database().db)).toMatchObject({ tasks: TOTAL, used: 44 * 4_500, refunded: 44 * 500 });
  });

  it("finds a token's submissions by their token (its budget is read at every creation through it)", async () => {
    let committed = -1;
    const plans = await plansOf(database().db, async (db) => {
      committed = await tokenCommitted(db, { tokenId: "token_100" });
    });
    // Tasks 100, 300, …, 4900: 25 succeeded, 44 credits each.
    expect(committed).toBe(25 * 44);
    for (const plan of plans) {
      // Searched by an index (the token's, or the queue's for what waits), never scanned whole.
      if (postgres()) expect(plan).not.toMatch(/Seq Scan on submissions/);
      else expect(plan).not.toMatch(/^SCAN (s|submissions)$/m);
    }
  });
});
