import "server-only";
import type { Kysely } from "kysely";

// Hiding is per person: a row here hides one task from one member's gallery and downloads. Hiding for the
// whole team stays the tasks.hidden flag (owner or admin only, recorded in the audit log, undoable).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("task_hides")
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("task_hides_pk", ["user_id", "task_id"])
    .execute();
  await db.schema.createIndex("task_hides_task").on("task_hides").column("task_id").execute();
  await relinkReusedResults(db);
}

/**
 * Until this migration, an earlier result used as an input was stored in the shown request (`params`) by
 * its upstream URL, which task views and ZIP sidecars then showed: put Darkroom's link back in its place.
 * The bodies sent upstream (`submissions.body`) keep the upstream's URL: that is what was sent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function relinkReusedResults(db: Kysely<any>): Promise<void> {
  const results: { task_id: string; idx: number; upstream_url: string }[] = await db
    .selectFrom("task_results")
    .select(["task_id", "idx", "upstream_url"])
    .execute();
  if (results.length === 0) return;
  const links = new Map(results.map((r) => [r.upstream_url, `/api/media/${encodeURIComponent(r.task_id)}/${r.idx}`]));
  const relink = (value: unknown): unknown => {
    if (typeof value === "string") return links.get(value) ?? value;
    if (Array.isArray(value)) return value.map(relink);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relink(v)]));
    return value;
  };
  for (const table of ["tasks", "submissions"]) {
    const rows: { id: string; params: string | null }[] = await db
      .selectFrom(table)
      .select(["id", "params"])
      .where("params", "like", "%://%")
      .execute();
    for (const row of rows) {
      let next: string;
      try {
        next = JSON.stringify(relink(JSON.parse(row.params ?? "null")));
      } catch {
        continue; // not JSON: nothing Darkroom wrote
      }
      if (next !== row.params) await db.updateTable(table).set({ params: next }).where("id", "=", row.id).execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("task_hides").execute();
}
