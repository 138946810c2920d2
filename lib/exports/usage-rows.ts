import "server-only";
import type { Kysely } from "kysely";
import { tokenFiguresByDay, type TokenDayFigures } from "@/lib/db/credit-totals";
import { exportUsagePage, type ExportUsageRow } from "@/lib/db/exports";
import type { Database } from "@/lib/db/schema";
import type { PagedSource } from "./paged-stream";

// One row per UTC day, member and model from the credit rollups (migration 0011): the Credits page's figures
// at their finest grain, so a spreadsheet's pivot table gives back the page's totals. A cell with tasks made
// through access tokens is split: a row per token (via_token_id, via_token: what each script spent) and a row
// for the rest (the member's own, in the dashboard; via_token empty), which add up to the cell.

export const USAGE_COLUMNS = [
  "day",
  "member_id",
  "member",
  "model",
  "via_token_id",
  "via_token",
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

const FIGURES = [
  ["tasks", "tasks"],
  ["credits_used", "used"],
  ["credits_refunded", "refunded"],
  ["credits_reserved_now", "reservedNow"],
  ["credits_refund_pending", "refundPending"],
  ["succeeded_tasks", "succeededTasks"],
  ["failed_tasks", "failedTasks"],
] as const;

export function usageExport(row: ExportUsageRow): UsageExport {
  return {
    day: row.day,
    member_id: row.user_id || null,
    member: row.member_name ?? (row.user_id ? "Removed member" : "No member"),
    model: row.model,
    via_token_id: null,
    via_token: null,
    tasks: figure(row.tasks),
    credits_used: figure(row.used),
    credits_refunded: figure(row.refunded),
    credits_reserved_now: figure(row.reserved_now),
    credits_refund_pending: figure(row.refund_pending),
    succeeded_tasks: figure(row.succeeded_tasks),
    failed_tasks: figure(row.failed_tasks),
  };
}

/** A rollup cell's rows: one per token that made tasks in it, then the rest of the cell (when any task is left). */
export function splitByToken(cell: UsageExport, tokens: TokenDayFigures[]): UsageExport[] {
  if (tokens.length === 0) return [cell];
  const rest = { ...cell };
  const parts = tokens.map((token) => {
    const part: UsageExport = { ...cell, via_token_id: token.tokenId, via_token: token.tokenName };
    for (const [column, key] of FIGURES) {
      part[column] = figure(token.totals[key]);
      rest[column] = figure(Number(rest[column]) - Number(part[column]));
    }
    return part;
  });
  return Number(rest.tasks) > 0 ? [...parts, rest] : parts;
}

type UsageCursor = { day: string; userId: string; model: string };

const cellKey = (day: string, userId: string, model: string) => `${day}\n${userId}\n${model}`;

export const usageSource = (
  db: Kysely<Database>,
  { fromDay, toDay }: { fromDay?: string; toDay?: string },
): Omit<PagedSource<UsageExport, UsageCursor>, "head" | "tail" | "format"> => ({
  readPage: async (after, limit) => {
    const cells = await exportUsagePage(db, { fromDay, toDay, after, limit });
    if (cells.length === 0) return [];
    // The token parts of this page's cells, read over the page's days (a page's cells are in day order).
    const tokens = new Map<string, TokenDayFigures[]>();
    for (const part of await tokenFiguresByDay(db, { fromDay: cells[0]!.day, toDay: cells[cells.length - 1]!.day })) {
      const key = cellKey(part.day, part.userId, part.model);
      tokens.set(key, [...(tokens.get(key) ?? []), part]);
    }
    return cells.flatMap((cell) => splitByToken(usageExport(cell), tokens.get(cellKey(cell.day, cell.user_id, cell.model)) ?? []));
  },
  // Every row of a cell has the cell's key, so the next page starts after the whole cell.
  cursorOf: (row) => ({ day: String(row.day), userId: String(row.member_id ?? ""), model: String(row.model) }),
});
