import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/** The Postgres channel that carries task and submission changes between Darkroom instances. */
export const EVENTS_CHANNEL = "darkroom_events";

/** Sends a small payload (an event's seq) to every instance listening; the event is read back from the log by each. */
export async function notifyChange(db: Db, { payload }: { payload: string }): Promise<void> {
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`.execute(db);
}
