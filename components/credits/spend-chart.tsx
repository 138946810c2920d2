import { bucketLabel } from "@/lib/credits/period";
import type { SpendSeries } from "@/lib/credits/report";
import { cn } from "@/lib/utils";
import { formatNumber, plural } from "@/lib/format";

/** Up to this many bars (a week, a few months) each is labelled; more get the first and last only. */
const LABEL_EVERY_BAR = 12;

/**
 * Credits used per day (or month) as plain bars. The bars are for the eye (each has a title with its date
 * and number); screen readers get the same numbers from a visually hidden table instead.
 */
export function SpendChart({ spend }: { spend: SpendSeries }) {
  const { bucket, points } = spend;
  const max = Math.max(0, ...points.map((point) => point.used));
  const unit = bucket === "day" ? "day" : "month";
  const busiest = max > 0 ? points.reduce((best, point) => (point.used > best.used ? point : best)) : undefined;
  const first = points[0];
  const last = points.at(-1);
  const gap = points.length > 31 ? "gap-px" : "gap-1";
  return (
    <section aria-labelledby="spend-heading" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm render-when-near sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="spend-heading" className="text-base font-semibold">
          Credits used per {unit}
        </h2>
        <p className="text-sm text-muted-foreground">
          {busiest
            ? `Most in one ${unit}: ${plural(busiest.used, "credit")} ${bucket === "day" ? "on" : "in"} ${bucketLabel(busiest.key, bucket)}`
            : `Nothing used in these ${unit}s`}
        </p>
      </div>

      <div aria-hidden className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums">
          <span>{formatNumber(max)}</span>
          <span>0</span>
        </div>
        <div className={cn("flex h-40 items-end border-b border-l border-border", gap)} data-testid="spend-bars">
          {points.map((point) => (
            <div
              key={point.key}
              title={`${bucketLabel(point.key, bucket)}: ${plural(point.used, "credit")} used`}
              className="relative flex h-full min-w-0 flex-1 items-end rounded-t-sm bg-muted hover:bg-muted-foreground/15"
            >
              {point.used > 0 && (
                <div className="w-full rounded-t-sm bg-primary" style={{ height: `${Math.max(2, (point.used / max) * 100)}%` }} />
              )}
            </div>
          ))}
        </div>
        <div className="col-start-2">
          {points.length <= LABEL_EVERY_BAR && (
            // Few bars: on wider screens each gets its own date underneath.
            <div className={cn("mt-1.5 hidden text-center text-xs text-muted-foreground sm:flex", gap)}>
              {points.map((point) => (
                <span key={point.key} className="min-w-0 flex-1 truncate">
                  {bucketLabel(point.key, bucket, "short")}
                </span>
              ))}
            </div>
          )}
          <div
            className={cn(
              "mt-1.5 flex justify-between gap-2 text-xs text-muted-foreground",
              points.length <= LABEL_EVERY_BAR && "sm:hidden",
            )}
          >
            <span>{first && bucketLabel(first.key, bucket, "short")}</span>
            <span>{last && (bucket === "day" ? "Today" : bucketLabel(last.key, bucket, "short"))}</span>
          </div>
        </div>
      </div>

      {/* A table cannot be shrunk to nothing (its rows would still stretch the page): the wrapper is what is hidden. */}
      <div className="sr-only">
        <table>
          <caption>Credits used per {unit}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">{bucket === "day" ? "Day" : "Month"}</th>
              <th scope="col">Credits used</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.key}>
                <th scope="row">{bucketLabel(point.key, bucket)}</th>
                <td>{formatNumber(point.used)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
