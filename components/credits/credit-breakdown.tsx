import { ChevronRight } from "lucide-react";
import { Link } from "@/components/ui/link";
import type { CreditFigures } from "@/lib/db/credit-totals";
import { formatNumber, plural } from "@/lib/format";

export interface BreakdownRow extends CreditFigures {
  key: string;
  label: string;
  /** A second, quieter line: the model id, or why a member has no name. */
  detail?: string;
  /** The Tasks gallery filtered to this row; none when there is nothing to filter by. */
  href?: string;
}

interface CreditBreakdownProps {
  id: string;
  title: string;
  /** The first column's heading ("Member", "Model"). */
  subject: string;
  rows: BreakdownRow[];
}

const NUMBER_CELL = "px-3 py-3 text-right tabular-nums";

/**
 * One row per member or model, most used first. The name is a link to the gallery, stretched over the
 * whole row so the row is the click target; phones show the other figures under the name.
 */
export function CreditBreakdown({ id, title, subject, rows }: CreditBreakdownProps) {
  return (
    <section aria-labelledby={id} className="grid content-start overflow-hidden rounded-xl border bg-card shadow-sm render-when-near">
      <h2 id={id} className="px-4 pt-4 pb-2 text-base font-semibold sm:px-5">
        {title}
      </h2>
      <table className="w-full text-sm">
        <caption className="sr-only">
          {title}: tasks and credits used, refunded and reserved now, most used first.
          {rows.some((row) => row.href) && ` Each ${subject.toLowerCase()} links to their tasks.`}
        </caption>
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 pl-4 text-left font-medium sm:pl-5">
              {subject}
            </th>
            <th scope="col" className="hidden w-20 px-3 py-2 text-right font-medium sm:table-cell">
              Tasks
            </th>
            <th scope="col" className="w-24 px-3 py-2 text-right font-medium">
              Used
            </th>
            <th scope="col" className="hidden w-24 px-3 py-2 text-right font-medium sm:table-cell">
              Refunded
            </th>
            <th scope="col" className="hidden w-32 py-2 pr-4 pl-3 text-right font-medium sm:table-cell sm:pr-5">
              Reserved now
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.key} className="relative align-top transition-colors hover:bg-muted/50 has-[a:focus-visible]:bg-muted/50">
              <th scope="row" className="max-w-0 py-3 pr-3 pl-4 text-left font-normal sm:pl-5">
                {row.href ? (
                  <Link
                    href={row.href}
                    className="group inline-flex max-w-full items-center gap-1 rounded-sm font-medium after:absolute after:inset-0 after:content-[''] hover:underline hover:underline-offset-4"
                  >
                    <span className="truncate">{row.label}</span>
                    <ChevronRight className="size-3.5 shrink-0 text-muted-foreground group-hover:text-foreground" aria-hidden />
                  </Link>
                ) : (
                  <span className="block truncate font-medium">{row.label}</span>
                )}
                {row.detail && <span className="block truncate text-xs text-muted-foreground">{row.detail}</span>}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {plural(row.tasks, "task")}
                  {row.refunded > 0 && ` · ${formatNumber(row.refunded)} refunded`}
                  {row.reservedNow > 0 && ` · ${formatNumber(row.reservedNow)} reserved now`}
                </span>
              </th>
              <td className={`hidden sm:table-cell ${NUMBER_CELL}`}>{formatNumber(row.tasks)}</td>
              <td className={`${NUMBER_CELL} font-medium`}>{formatNumber(row.used)}</td>
              <td className={`hidden sm:table-cell ${NUMBER_CELL}`}>{formatNumber(row.refunded)}</td>
              <td className={`hidden sm:table-cell ${NUMBER_CELL} pr-4 sm:pr-5`}>{formatNumber(row.reservedNow)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
