import "server-only";
import type { Kysely } from "kysely";

// A refused or unsent submission shows the error code the generation service sent, its field and, for a 5xx,
// the HTTP status (issue 26, "error codes in sight"). `error_code` holds Darkroom's reading of the answer
// (lib/upstream/outcome.ts's kinds, which the queue matches on); the service's own code and the status were
// not kept. Rows from before have neither, and show Darkroom's code alone.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submissions").addColumn("error_status", "integer").execute();
  await db.schema.alterTable("submissions").addColumn("error_upstream_code", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submissions").dropColumn("error_upstream_code").execute();
  await db.schema.alterTable("submissions").dropColumn("error_status").execute();
}
