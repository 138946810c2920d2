import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface AuditEntry {
  actorId: string | null;
  action: string;
  subjectId?: string;
  detail?: Record<string, unknown>;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      actor_id: entry.actorId,
      action: entry.action,
      subject_id: entry.subjectId ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function listAudit(db: Kysely<Database>, { limit = 50 }: { limit?: number } = {}) {
  return db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** The newest entries with the acting member's name, for the admins' audit log. */
export async function listAuditWithActors(db: Kysely<Database>, { limit }: { limit: number }) {
  return db
    .selectFrom("audit_log")
    .leftJoin("user", "user.id", "audit_log.actor_id")
    .select([
      "audit_log.id",
      "audit_log.action",
      "audit_log.actor_id",
      "user.name as actor_name",
      "audit_log.subject_id",
      "audit_log.detail",
      "audit_log.created_at",
    ])
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(limit)
    .execute();
}

/** Whether an entry of this action about this subject was recorded at or after `since` (to record an event once). */
export async function hasAuditEntrySince(
  db: Kysely<Database>,
  { action, subjectId, since }: { action: string; subjectId: string; since: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("audit_log")
    .select("id")
    .where("action", "=", action)
    .where("subject_id", "=", subjectId)
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return row !== undefined;
}
