// The list's and the Credits page's queries at 100,000 tasks, as ratios to the cheapest page read there is:
// one page by primary key. Each round runs every query once, so all of them meet the same machine load,
// and the ratios hold on a busy machine where absolute times do not. Imported after the environment
// points at the database to measure (bench/gallery.ts for SQLite, bench/gallery-postgres.ts for Postgres).
import "server-only";
import { getCreditReport } from "@/lib/credits/report";
import { database } from "@/lib/db";
import { listTasks } from "@/lib/db/task-list";
import { percentile } from "./gallery-support";

const ROUNDS = 200;
const WARM = 20;
const PAGE = 51; // the route asks one more row than its limit of 50

export interface QueryFigures {
  dialect: string;
  baseline: number;
  first: number;
  deep: number;
  search: number;
  searchMatches: number;
  credits: number;
}

/** The tasks seeded by gallery-support's seedTasks are `task_bench_NNNNNN`, one second apart, newest first. */
export async function measureQueries(deepRow: number): Promise<QueryFigures> {
  const { db, dialect } = database();
  const deepId = `task_bench_${String(deepRow).padStart(6, "0")}`;
  const deepRowAt = await db.selectFrom("tasks").select(["created_at", "id"]).where("id", "=", deepId).executeTakeFirstOrThrow();
  const queries = {
    // The floor: a page read straight down the primary key, with the same columns and join as the list.
    baseline: () =>
      db
        .selectFrom("tasks")
        .leftJoin("user", "user.id", "tasks.user_id")
        .selectAll("tasks")
        .select("user.name as member_name")
        .where("tasks.id", "<", deepId)
        .orderBy("tasks.id", "desc")
        .limit(PAGE)
        .execute(),
    first: () => listTasks(db, { limit: PAGE }),
    deep: () => listTasks(db, { cursor: { createdAt: deepRowAt.created_at, id: deepRowAt.id }, limit: PAGE }),
    search: () => listTasks(db, { filters: { q: "task 54321:" }, limit: PAGE }),
    credits: () => getCreditReport({ period: "all" }),
  };
  const times: Record<keyof typeof queries, number[]> = { baseline: [], first: [], deep: [], search: [], credits: [] };
  for (let round = 0; round < WARM + ROUNDS; round += 1) {
    for (const [name, run] of Object.entries(queries) as [keyof typeof queries, () => Promise<unknown>][]) {
      const start = performance.now();
      await run();
      if (round >= WARM) times[name].push(performance.now() - start);
    }
  }
  const p95 = (name: keyof typeof queries) => percentile(times[name], 95);
  return {
    dialect,
    baseline: p95("baseline"),
    first: p95("first"),
    deep: p95("deep"),
    search: p95("search"),
    searchMatches: (await queries.search()).length,
    credits: p95("credits"),
  };
}
