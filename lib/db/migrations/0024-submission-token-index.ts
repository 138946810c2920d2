import "server-only";
import type { Kysely } from "kysely";

// A token's own budget and the Credits page's per-token table find a token's submissions by submissions.token_id
// (0020): without an index, each creation through a token scanned every submission.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("submissions_token").on("submissions").column("token_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("submissions_token").execute();
}
