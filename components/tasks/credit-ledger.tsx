import { plural } from "@/lib/format";
import type { TaskView } from "@/lib/schemas/views";

const n = (value: number) => plural(value, "credit");

/** The task's credits as entries: reserved at acceptance, then used on success or refunded after a failure. */
export function CreditLedger({ task }: { task: TaskView }) {
  const { reserved, used, refunded } = task.credits;
  const rows: { label: string; value: string; note?: string }[] = [];
  if (reserved !== null) rows.push({ label: "Reserved", value: n(reserved), note: "when the generation service accepted it" });
  if (used !== null) rows.push({ label: "Used", value: n(used), note: "on success" });
  if (task.status === "failed" || task.lost) {
    if (refunded !== null) rows.push({ label: "Refunded", value: n(refunded), note: "returned to the account" });
    else if (task.error?.code === "media_deleted")
      rows.push({ label: "Refund", value: "none", note: "the task had succeeded; only its upstream copy expired" });
    else if (reserved !== null) rows.push({ label: "Refund pending", value: n(reserved), note: "being returned; nothing to do" });
  } else if (used === null && reserved !== null) rows.push({ label: "Used", value: "not yet", note: "charged when it succeeds" });
  const net = used ?? (refunded !== null && reserved !== null ? reserved - refunded : null);
  return (
    <section aria-labelledby="ledger-heading" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id="ledger-heading" className="text-base font-semibold">
        Credits
      </h2>
      {rows.length ? (
        <dl className="grid gap-2 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <dt>
                <span className="font-medium">{row.label}</span>
                {row.note && <span className="text-muted-foreground"> · {row.note}</span>}
              </dt>
              <dd className="tabular-nums">{row.value}</dd>
            </div>
          ))}
          {net !== null && (
            <div className="flex items-baseline justify-between gap-3 border-t pt-2 font-medium">
              <dt>Cost</dt>
              <dd className="tabular-nums">{n(net)}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">
          No credits recorded yet: they are reserved when the generation service accepts the task.
        </p>
      )}
    </section>
  );
}
