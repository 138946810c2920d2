import "server-only";
import type { Kysely } from "kysely";
import { exportUsagePage, type ExportUsageRow } from "@/lib/db/exports";
import type { Database } from "@/lib/db/schema";
import type { PagedSource } from "./paged-stream";

// One row per UTC day, member and model from the credit rollups (migration 0011): the Credits page's figures
// at their finest grain, so a spreadsheet's pivot table gives back the page's totals.

export const USAGE_COLUMNS = [
  "day",
  "member_id",
  "member",
  "model",
  "tasks",
  "credits_used",
  "credits_refunded",
  "credits_reserved_now",
  "credits_refund_pending",
  "succeeded_tasks",
  "failed_tasks",
] as const;

export type UsageExport = Record<(typeof USAGE_COLUMNS)[number], string | number | null>;

// Sums kept by triggers in doubles: the last bits are noise, not credits (as in lib/db/credit-totals.ts).
const figure = (value: number | string) => Math.round(Number(value) * 1e6) / 1e6;

export function usageExport(row: ExportUsageRow): UsageExport {
  return {
    day: row.day,
    member_id: row.user_id || null,
    member: row.member_name ?? (row.user_id ? "Removed member" : "No member"),
    model: row.model,
    tasks: figure(row.tasks),
    credits_used: figure(row.used),
    credits_refunded: figure(row.refunded),
    credits_reserved_now: figure(row.reserved_now),
    credits_refund_pending: figure(row.refund_pending),
    succeeded_tasks: figure(row.succeeded_tasks),
    failed_tasks: figure(row.failed_tasks),
  };
}

type UsageCursor = { day: string; userId: string; model: string };

export const usageSource = (
  db: Kysely<Database>,
  { fromDay, toDay }: { fromDay?: string; toDay?: string },
): Omit<PagedSource<UsageExport, UsageCursor>, "head" | "tail" | "format"> => ({
  readPage: async (after, limit) => (await exportUsagePage(db, { fromDay, toDay, after, limit })).map(usageExport),
  cursorOf: (row) => ({ day: String(row.day), userId: String(row.member_id ?? ""), model: String(row.model) }),
});
