import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { listTasks } from "@/lib/db/task-list";
import { distinctCharges, pastCharge, priceSettings, type RecentCharge } from "@/lib/schemas/charges";

// Enough of the team's latest tasks to have seen every model and its usual settings.
const RECENT = 200;

/**
 * What the team's recent tasks were charged (credits_reserved), newest first: the price history of the Generate
 * page, the Overview's prompt and budgets' expected costs. Only the charges that tell a price apart
 * (distinctCharges): the pages send it to the browser.
 */
export async function recentCharges(db: Kysely<Database>): Promise<RecentCharge[]> {
  const rows = await listTasks(db, { limit: RECENT });
  const charges = rows.flatMap((row): RecentCharge[] => {
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
  return distinctCharges(charges);
}

/**
 * What one task of `request` is expected to cost: what the API last charged the team for the same configuration
 * (model, mode and every setting the price may depend on: priceSettings), never a guess from other settings.
 * Undefined for a configuration never charged: its cost is unknown until the API charges its first task, and
 * under a budget only one such submission goes out at a time (lib/policy/budgets.ts).
 */
export async function expectedCost(db: Kysely<Database>, request: Record<string, unknown>): Promise<number | undefined> {
  return costFrom(await recentCharges(db), request);
}

/** expectedCost from charges read once: many submissions at once (a batch's rows) read the history once. */
export function costFrom(charges: RecentCharge[], request: Record<string, unknown>): number | undefined {
  const mode = typeof request.mode === "string" ? request.mode : undefined;
  const past = pastCharge(charges, { model: String(request.model), mode, settings: priceSettings(request) });
  return past?.sameSettings ? past.credits : undefined;
}
