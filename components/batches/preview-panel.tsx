"use client";

import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { formatNumber, plural } from "@/lib/format";
import { PREVIEW_PROBLEMS, type BatchPreview } from "@/lib/schemas/batches";

export interface StartChoices {
  overBudget: "refuse" | "trim";
  skipInvalid: boolean;
}

/** Sample rows shown at once; the rest of the sample opens below them. */
const SHOWN = 4;

const requestWords = (request: Record<string, unknown>) =>
  Object.entries(request)
    .filter(([name]) => name !== "model" && name !== "prompt")
    .map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");

/** What the server answered for the batch as it would be sent: its rows, the invalid ones, the cost and the budget. */
export function PreviewPanel({
  preview,
  stale,
  choices,
  onChoices,
}: {
  preview: BatchPreview;
  stale: boolean;
  choices: StartChoices;
  onChoices: (next: StartChoices) => void;
}) {
  const id = useId();
  const { estimate, budget } = preview;
  const overBudget = budget.fits < preview.valid;
  const sent = Math.min(budget.fits, preview.valid);
  const outcome =
    preview.invalidCount > 0 && !choices.skipInvalid
      ? { tone: "warning" as const, words: `${plural(preview.invalidCount, "row")} cannot be sent: leave them out, or fix the file.` }
      : overBudget && choices.overBudget === "refuse"
        ? { tone: "warning" as const, words: "Over the budget: as chosen, the whole batch would be refused." }
        : sent < preview.rows
          ? { tone: "info" as const, words: `${formatNumber(sent)} of ${plural(preview.rows, "row")} would be sent.` }
          : null;
  return (
    <section aria-labelledby={`${id}-title`} data-testid="batch-preview" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Preview
        </h3>
        {stale && (
          <Badge variant="outline" className="whitespace-normal">
            The batch changed since: preview again
          </Badge>
        )}
      </div>

      <dl className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-3">
        <Figure term="Rows" value={formatNumber(preview.rows)} />
        <Figure term="Valid" value={formatNumber(preview.valid)} />
        <Figure term="Invalid" value={formatNumber(preview.invalidCount)} tone={preview.invalidCount > 0 ? "danger" : undefined} />
        <Figure
          term="Estimate"
          value={estimate.knownRows > 0 ? plural(estimate.knownCredits, "credit") : "Unknown"}
          note={estimate.unknownRows > 0 ? `+ ${plural(estimate.unknownRows, "row")} with a price not known yet` : undefined}
        />
      </dl>

      <p className="text-sm" data-testid="batch-budget">
        {budget.left === null
          ? "No budget covers this batch."
          : `${budget.name ? budget.name[0]!.toUpperCase() + budget.name.slice(1) : "The budget"} has ${plural(budget.left, "credit")} left: `}
        <span className={overBudget ? "font-medium text-danger" : "font-medium"}>
          fits {formatNumber(budget.fits)} of {plural(preview.valid, "valid row")}.
        </span>
      </p>

      {overBudget && (
        <fieldset className="grid gap-2 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">Over the budget</legend>
          {(
            [
              ["refuse", "Refuse the whole batch"],
              ["trim", `Keep the first ${plural(budget.fits, "row")} that fit`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-over`}
                className="mt-0.5 accent-primary"
                checked={choices.overBudget === value}
                onChange={() => onChoices({ ...choices, overBudget: value })}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}

      {preview.invalidCount > 0 && (
        <div className="grid gap-2">
          <label className="flex items-start gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="mt-0.5 accent-primary"
              checked={choices.skipInvalid}
              onChange={(event) => onChoices({ ...choices, skipInvalid: event.target.checked })}
            />
            Leave out invalid rows ({formatNumber(preview.invalidCount)})
          </label>
          <div className="max-h-64 overflow-auto rounded-lg border" tabIndex={0} role="region" aria-label="Invalid rows">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">
                Invalid rows{preview.invalidCount > preview.invalid.length ? `: the first ${preview.invalid.length}` : ""}
              </caption>
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Line
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Field
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.invalid.map((problem, index) => (
                  <tr key={`${problem.line}-${index}`} className="border-t align-top">
                    <td className="px-2 py-1 tabular-nums">{formatNumber(problem.line)}</td>
                    <td className="px-2 py-1 font-mono break-all">{problem.field ?? "row"}</td>
                    <td className="px-2 py-1 break-words">{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.invalidCount > preview.invalid.length && (
            <p className="text-xs text-muted-foreground">
              The first {formatNumber(Math.min(PREVIEW_PROBLEMS, preview.invalid.length))} of {formatNumber(preview.invalidCount)} invalid
              rows.
            </p>
          )}
        </div>
      )}

      {preview.sample.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">The first rows as requests</h4>
          <ol className="grid gap-1.5" aria-label="The first rows as requests">
            {preview.sample.slice(0, SHOWN).map((row) => (
              <SampleRow key={row.line} row={row} />
            ))}
          </ol>
          {preview.sample.length > SHOWN && (
            <details className="group grid gap-1.5">
              <summary className="cursor-pointer text-sm text-muted-foreground hover:text-foreground">
                {plural(preview.sample.length - SHOWN, "more row")} of the sample
              </summary>
              <ol className="mt-1.5 grid gap-1.5" aria-label="More rows as requests">
                {preview.sample.slice(SHOWN).map((row) => (
                  <SampleRow key={row.line} row={row} />
                ))}
              </ol>
            </details>
          )}
        </div>
      )}

      {outcome && (
        <Alert tone={outcome.tone} role="status">
          {outcome.words}
        </Alert>
      )}
    </section>
  );
}

function SampleRow({ row }: { row: BatchPreview["sample"][number] }) {
  return (
    <li className="grid min-w-0 gap-0.5 rounded-md border bg-card px-3 py-2 text-xs">
      <span className="flex min-w-0 items-center gap-2">
        <span className="shrink-0 text-muted-foreground tabular-nums">Line {formatNumber(row.line)}</span>
        <span className="truncate font-mono font-medium">{row.key}</span>
      </span>
      {typeof row.request.prompt === "string" && <span className="line-clamp-2 break-words">{row.request.prompt}</span>}
      <span className="truncate font-mono text-muted-foreground">{requestWords(row.request)}</span>
    </li>
  );
}

function Figure({ term, value, note, tone }: { term: string; value: string; note?: string; tone?: "danger" }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5 rounded-lg border bg-card px-3 py-2">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className={tone === "danger" ? "text-lg font-semibold text-danger tabular-nums" : "text-lg font-semibold tabular-nums"}>
        {value}
      </dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}
