import "server-only";
import type { Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";

type Db = Kysely<Database>;

export interface FinishedRun {
  params: string | null;
  created_at: string;
  completed_at: string;
}

/** A model's most recent successes, newest first (index tasks_model_completed, migration 0015). */
export async function recentSuccesses(db: Db, { model, limit }: { model: string; limit: number }): Promise<FinishedRun[]> {
  const rows = await db
    .selectFrom("tasks")
    .select(["params", "created_at", "completed_at"])
    .where("model", "=", model)
    .where("status", "=", "succeeded")
    .where("completed_at", "is not", null)
    .orderBy("completed_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, completed_at: row.completed_at! }));
}

export interface LiveRun {
  id: string;
  model: string;
  kind: "image" | "video";
  params: string | null;
  created_at: string;
}

/** Tasks holding a slot of the account's concurrency, as far as Darkroom knows (as countLive counts them). */
export async function liveRuns(db: Db): Promise<LiveRun[]> {
  return db
    .selectFrom("tasks")
    .select(["id", "model", "kind", "params", "created_at"])
    .where("status", "in", ["pending", "processing"])
    .where("lost", "=", dbBool(false))
    .orderBy("created_at")
    .execute();
}
