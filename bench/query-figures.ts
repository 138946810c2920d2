// The list's and the Credits page's queries on the seeded tasks (10,000 to 1,000,000), as ratios to the cheapest page read there is:
// one page by primary key. Each round runs every query once, so all of them meet the same machine load,
// and the ratios hold on a busy machine where absolute times do not. Imported after the environment
// points at the database to measure (bench/gallery.ts for SQLite, bench/gallery-postgres.ts for Postgres).
import "server-only";
import { getCreditReport } from "@/lib/credits/report";
import { database } from "@/lib/db";
import { gatewaySubmissionId, listTasks, viaToken } from "@/lib/db/task-list";
import { percentile } from "./gallery-support";
import { seedTaskRange, type SeedMedia } from "./seed-tasks";

const ROUNDS = 200;
const WARM = 20;
const PAGE = 51; // the route asks one more row than its limit of 50

export interface QueryFigures {
  dialect: string;
  deepRow: number;
  searchRow: number;
  baseline: number;
  first: number;
  deep: number;
  search: number;
  searchMatches: number;
  credits: number;
}

/** A search for one seeded task's prompt (`bench task N: …`); N has as many digits as the largest row, so it matches one. */
export const searchQuery = (row: number) => `task ${row}:`;

/** The rows a run at `total` tasks measures: the cursor halfway down, the search near it (54321 at 100,000, as before). */
export const probeRows = (total: number) => ({ deepRow: Math.floor(total / 2), searchRow: Math.floor(total * 0.54321) });

/** The tasks seeded by gallery-support's seedTasks are `task_bench_NNNNNN`, one second apart, newest first. */
export async function measureQueries({ deepRow, searchRow }: { deepRow: number; searchRow: number }): Promise<QueryFigures> {
  const { db, dialect } = database();
  const deepId = `task_bench_${String(deepRow).padStart(6, "0")}`;
  const deepRowAt = await db.selectFrom("tasks").select(["created_at", "id"]).where("id", "=", deepId).executeTakeFirstOrThrow();
  const queries = {
    // The floor: a page read straight down the primary key, with the same columns and joins as the list (since
    // the list named a task's token and gateway submission, two lookups a row, a floor without them was no floor).
    baseline: () =>
      db
        .selectFrom("tasks")
        .leftJoin("user", "user.id", "tasks.user_id")
        .selectAll("tasks")
        .select(["user.name as member_name", viaToken, gatewaySubmissionId])
        .where("tasks.id", "<", deepId)
        .orderBy("tasks.id", "desc")
        .limit(PAGE)
        .execute(),
    first: () => listTasks(db, { limit: PAGE }),
    deep: () => listTasks(db, { cursor: { createdAt: deepRowAt.created_at, id: deepRowAt.id }, limit: PAGE }),
    search: () => listTasks(db, { filters: { q: searchQuery(searchRow) }, limit: PAGE }),
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
    deepRow,
    searchRow,
    baseline: p95("baseline"),
    first: p95("first"),
    deep: p95("deep"),
    search: p95("search"),
    searchMatches: (await queries.search()).length,
    credits: p95("credits"),
  };
}

export type SizedFigures = QueryFigures & { total: number; seedSeconds: number };

/**
 * The query figures at each of `sizes` (ascending) on one database: seeds up to the first size, measures, adds the
 * older rows up to the next, measures again. Row i is the same task whatever the size, so each step's table is
 * exactly the one a seed of that size makes; `seedSeconds` is the time of that step's rows.
 */
export async function figuresBySize({
  sizes,
  userId,
  media,
}: {
  sizes: number[];
  userId: string;
  media: SeedMedia[];
}): Promise<SizedFigures[]> {
  const out: SizedFigures[] = [];
  let seeded = 0;
  for (const total of sizes) {
    const started = Date.now();
    await seedTaskRange({ from: seeded, to: total, userId, media });
    seeded = total;
    const seedSeconds = (Date.now() - started) / 1000;
    out.push({ ...(await measureQueries(probeRows(total))), total, seedSeconds });
  }
  return out;
}
