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
