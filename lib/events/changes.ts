import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { appendTaskEvent, bumpViewVersion, type TaskEventRow } from "@/lib/db/task-events";
import { getListedTask } from "@/lib/db/task-list";
import type { LiveEvent, TaskEvent, TaskView } from "@/lib/schemas/views";
import { listedTaskView } from "@/lib/tasks/task-views";

/**
 * Turns the engine's hint ("this task was polled", "this submission moved") into a logged event, or into
 * nothing when the task's view is the one last published: most polls of a running task change nothing a
 * page shows, and then no page hears of them. A submission's move always counts (each is a real change).
 */
export async function recordChange(db: Kysely<Database>, hint: TaskEvent, now = new Date()): Promise<LiveEvent | undefined> {
  const createdAt = now.toISOString();
  if (hint.type === "submission") {
    const body = { state: hint.state, taskId: hint.taskId ?? null };
    const seq = await appendTaskEvent(db, {
      kind: "submission",
      subject_id: hint.id,
      version: null,
      body: JSON.stringify(body),
      created_at: createdAt,
    });
    return { seq, type: "submission", id: hint.id, ...body };
  }
  const row = await getListedTask(db, { id: hint.id });
  if (!row) return undefined;
  const view = listedTaskView(row);
  const body = JSON.stringify(view);
  const hash = createHash("sha256").update(body).digest("base64url");
  return db.transaction().execute(async (trx) => {
    const version = await bumpViewVersion(trx, { id: hint.id, hash });
    if (version === undefined) return undefined;
    const seq = await appendTaskEvent(trx, { kind: "task", subject_id: hint.id, version, body, created_at: createdAt });
    return { seq, type: "task" as const, id: hint.id, version, view };
  });
}

/** A logged event as the streams send it (read back by other instances, and on a resume). */
export function liveEventOf(row: TaskEventRow): LiveEvent {
  if (row.kind === "task") {
    return { seq: row.seq, type: "task", id: row.subject_id, version: row.version ?? 0, view: JSON.parse(row.body) as TaskView };
  }
  const body = JSON.parse(row.body) as { state: string; taskId: string | null };
  return { seq: row.seq, type: "submission", id: row.subject_id, state: body.state, taskId: body.taskId };
}
