import "server-only";
import type { Kysely } from "kysely";

// A board's ZIP is named after the board (issue 45): the download keeps the name it was asked for under. Null for
// a gallery selection, which keeps its dated name.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("downloads").addColumn("name", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("downloads").dropColumn("name").execute();
}
