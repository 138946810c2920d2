"use client";

import { Layers } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { formatUtcDateTime } from "@/lib/dates";
import { formatNumber, plural } from "@/lib/format";
import { modelLabel } from "@/lib/models/labels";
import { batchListOptions } from "@/lib/query/batches";
import { errorMessage } from "@/lib/query/fetch-json";
import { useQuery } from "@/lib/query/react";
import type { BatchSummary } from "@/lib/schemas/batches";
import { finished, stateWords } from "./batch-words";
import { NewBatchLink } from "./new-batch-link";

/** The batches one can see, newest first: name, model, state, progress and when, each a link to its page. */
export function BatchList({ canCreate }: { canCreate: boolean }) {
  const { data: batches, error, isError } = useQuery(batchListOptions());
  if (!batches) {
    return isError ? (
      <Alert tone="danger" role="alert" title="The batches could not be read">
        {errorMessage(error)}
      </Alert>
    ) : (
      <p role="status" className="text-sm text-muted-foreground">
        Loading batches…
      </p>
    );
  }
  if (batches.length === 0) {
    return (
      <EmptyState icon={Layers} title="No batches yet" action={canCreate && <NewBatchLink />}>
        A batch turns a spreadsheet (CSV, TSV, JSON lines) or one prompt with variations like{" "}
        <code className="whitespace-nowrap">a {"{red, green}"} car</code> into many tasks, within the team&apos;s budgets, with one page to
        follow them and one ZIP to collect them.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Batches" className="grid gap-2">
      {batches.map((batch) => (
        <li key={batch.id}>
          <BatchItem batch={batch} />
        </li>
      ))}
    </ul>
  );
}

function BatchItem({ batch }: { batch: BatchSummary }) {
  const done = finished(batch.counts);
  return (
    <Link
      href={`/batches/${encodeURIComponent(batch.id)}`}
      className="grid min-w-0 gap-2 rounded-lg border bg-card p-3 shadow-sm hover:bg-muted/50 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4"
    >
      <span className="grid min-w-0 gap-0.5">
        <span className="truncate font-medium">{batch.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {batch.model ? modelLabel(batch.model) : "Several models"} · {batch.createdBy.name ?? "a former member"} ·{" "}
          {formatUtcDateTime(batch.createdAt)}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-2 text-xs tabular-nums">
        <Badge variant={batch.state === "paused" ? "default" : batch.state === "cancelled" ? "outline" : "primary"}>
          {stateWords(batch.state, batch.counts)}
        </Badge>
        <span>
          {formatNumber(done)} of {plural(batch.rows, "row")}
        </span>
        {batch.counts.failed > 0 && <span className="text-danger">{formatNumber(batch.counts.failed)} failed</span>}
        <span aria-hidden className="hidden h-1.5 w-24 overflow-hidden rounded-full bg-muted sm:block">
          <span className="block h-full bg-primary" style={{ width: `${(done / Math.max(1, batch.rows)) * 100}%` }} />
        </span>
      </span>
    </Link>
  );
}
