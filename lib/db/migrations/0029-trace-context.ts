import "server-only";
import type { Kysely } from "kysely";

// Traces (issue 47): the W3C traceparent of the request that submitted, kept with the submission and then its
// task, so the engine (another tick, another instance) continues the same trace. Null when tracing is off.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submissions").addColumn("traceparent", "text").execute();
  await db.schema.alterTable("tasks").addColumn("traceparent", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").dropColumn("traceparent").execute();
  await db.schema.alterTable("submissions").dropColumn("traceparent").execute();
}
