import "server-only";
import type { Kysely } from "kysely";

// Results were archived under absolute paths of one machine (MEDIA_DIR/task_x/0.png); the media store takes
// keys relative to its root (task_x/0.png), so that any instance, with any backend, reads what another wrote.
// Every archived file sat exactly two levels down (task folder, file), so its key is its last two segments.

export function keyOf(stored: string): string {
  const segments = stored.split(/[\\/]+/).filter(Boolean);
  return segments.slice(-2).join("/");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom("task_results")
    .select(["task_id", "idx", "file", "thumbnail"])
    .where((eb) => eb.or([eb("file", "is not", null), eb("thumbnail", "is not", null)]))
    .execute()) as { task_id: string; idx: number; file: string | null; thumbnail: string | null }[];
  for (const row of rows) {
    const file = row.file === null ? null : keyOf(row.file);
    const thumbnail = row.thumbnail === null ? null : keyOf(row.thumbnail);
    if (file === row.file && thumbnail === row.thumbnail) continue;
    await db.updateTable("task_results").set({ file, thumbnail }).where("task_id", "=", row.task_id).where("idx", "=", row.idx).execute();
  }
}

// Keys are not turned back into paths: the folder they lived in is configuration, not data. Code before this
// migration reads a relative key against its working directory, so a rollback should restore MEDIA_DIR's
// files under the same relative layout or re-archive.
export async function down(): Promise<void> {}
