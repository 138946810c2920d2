import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { listTasks } from "@/lib/db/task-list";
import { priceSettings, type RecentCharge } from "@/lib/schemas/charges";

// Enough of the team's latest tasks to have seen every model and its usual settings.
const RECENT = 200;

/** What the team's recent tasks were charged (credits_reserved), newest first: the Generate page's price history. */
export async function recentCharges(db: Kysely<Database>): Promise<RecentCharge[]> {
  const rows = await listTasks(db, { limit: RECENT });
  return rows.flatMap((row) => {
    if (row.credits_reserved === null || !row.params) return [];
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(row.params) as Record<string, unknown>;
    } catch {
      return [];
    }
    const mode = typeof params.mode === "string" ? params.mode : null;
    return [{ model: row.model, mode, settings: priceSettings(params), credits: row.credits_reserved, createdAt: row.created_at }];
  });
}
