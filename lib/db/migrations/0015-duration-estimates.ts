import "server-only";
import type { Kysely } from "kysely";

// Progress estimates read a model's most recent successes (lib/db/estimates.ts): newest completed first,
// by model. Without this index every live card's estimate scanned the whole tasks table.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("tasks_model_completed").on("tasks").columns(["model", "status", "completed_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tasks_model_completed").ifExists().execute();
}
