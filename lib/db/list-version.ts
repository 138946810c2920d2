import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * What the task list can show, as one comparable string: the counter every task, hide and source write
 * moves (0017's triggers), and when a member last changed (the list shows their names). One tiny query.
 */
export async function readListVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ version: number | string; members: unknown }>`
    select version, (select max(${sql.ref("user.updatedAt")}) from ${sql.table("user")}) as members
    from list_version where id = 1`.execute(db);
  const row = rows[0];
  const members = row?.members instanceof Date ? row.members.toISOString() : String(row?.members ?? "");
  return `${row?.version ?? 0}:${members}`;
}
