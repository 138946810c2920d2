// The period an export covers, from its query string: `from` and `to` are each a UTC date (`2026-11-01`,
// the whole day) or an ISO 8601 instant (`2026-11-01T09:00:00Z`), both inclusive, both optional (open ends).
// Client-safe: the Credits page builds the same links.
import { z } from "zod";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

const bound = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const ms = DATE.test(value) ? Date.parse(`${value}T00:00:00.000Z`) : INSTANT.test(value) ? Date.parse(value) : NaN;
      // Date.parse accepts 2026-02-31 (it rolls over): a date must come back as written.
      const rolled = DATE.test(value) && Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) !== value;
      if (!Number.isFinite(ms) || rolled || ms < Date.UTC(2000, 0, 1) || ms > Date.UTC(2100, 0, 1)) {
        ctx.addIssue({ code: "custom", message: `Give ${name} as a date like 2026-11-01 or an instant like 2026-11-01T09:00:00Z.` });
        return z.NEVER;
      }
      return { ms, wholeDay: DATE.test(value) };
    });

export const exportQuerySchema = z
  .object({
    from: bound("from"),
    to: bound("to"),
    // A byte-order mark first, for Excel: without one it reads UTF-8 as the system's legacy code page.
    bom: z
      .enum(["0", "1"], { error: "bom is 0 or 1." })
      .optional()
      .transform((value) => value === "1"),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from.ms > query.to.ms)
      ctx.addIssue({ code: "custom", path: ["to"], message: "The period ends before it starts: put `to` on or after `from`." });
  });

export type ExportQuery = z.infer<typeof exportQuerySchema>;

export interface ExportPeriod {
  /** Inclusive ISO instant. */
  from?: string;
  /** Exclusive ISO instant: the day after a `to` date, or just after a `to` instant. */
  until?: string;
  /** The UTC days touched, inclusive, for the daily usage rows. */
  fromDay?: string;
  toDay?: string;
  /** For the file name: `2026-11-01_2026-11-30`, `from-2026-11-01`, `all`. */
  label: string;
}

export function exportPeriod({ from, to }: Pick<ExportQuery, "from" | "to">): ExportPeriod {
  const fromIso = from ? new Date(from.ms).toISOString() : undefined;
  const untilMs = to ? (to.wholeDay ? to.ms + DAY_MS : to.ms + 1) : undefined;
  const untilIso = untilMs !== undefined ? new Date(untilMs).toISOString() : undefined;
  const fromDay = fromIso?.slice(0, 10);
  const toDay = untilMs !== undefined ? new Date(untilMs - 1).toISOString().slice(0, 10) : undefined;
  const label = fromDay && toDay ? `${fromDay}_${toDay}` : fromDay ? `from-${fromDay}` : toDay ? `to-${toDay}` : "all";
  return { from: fromIso, until: untilIso, fromDay, toDay, label };
}
