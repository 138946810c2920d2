import { z } from "zod";
import { database } from "@/lib/db";
import { listAuditWithActors } from "@/lib/db/audit";
import { withUser } from "@/lib/http/handler";

const auditQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

/** The audit log, newest first, for admins: who did what to whom (members, first setup, tasks hidden or shown for the team), and when. */
export const GET = withUser({ role: "admin", query: auditQuerySchema }, async ({ query }) => {
  const rows = await listAuditWithActors(database().db, { limit: query.limit });
  return Response.json(
    {
      entries: rows.map((row) => ({
        id: row.id,
        action: row.action,
        actor: { id: row.actor_id, name: row.actor_name },
        subjectId: row.subject_id,
        detail: parseDetail(row.detail),
        createdAt: row.created_at,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

function parseDetail(detail: string | null): unknown {
  try {
    return detail ? JSON.parse(detail) : null;
  } catch {
    return null;
  }
}
