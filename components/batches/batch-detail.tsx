"use client";

import { Ban, Download, FileSpreadsheet, FileText, Images, Pause, Play, RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { ConfirmDialog, prefetchConfirm } from "@/components/shared/confirm/confirm-dialog";
import { newSubmissionId } from "@/components/shared/submission-id";
import { SubmitRefusal } from "@/components/shared/submit-refusal";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { formatUtcDateTime } from "@/lib/dates";
import { formatNumber, plural } from "@/lib/format";
import { modelLabel } from "@/lib/models/labels";
import { batchDownloads, batchOptions, batchSettled, useBatchAction, useRetryBatch } from "@/lib/query/batches";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { useQuery } from "@/lib/query/react";
import type { BatchRowStatus, BatchView } from "@/lib/schemas/batches";
import { BatchRows } from "./batch-rows";
import { etaWords, finished, progressWords, ROW_STATUS, stateWords } from "./batch-words";
import { useBatchLive } from "./use-batch-live";

const COUNTED: BatchRowStatus[] = ["waiting", "paused", "running", "succeeded", "failed", "cancelled"];
const BAR: Partial<Record<BatchRowStatus, string>> = { succeeded: "bg-success", failed: "bg-danger", cancelled: "bg-muted-foreground/40" };

/** A batch followed live: its progress, counts, credits and ETA, what can be done to it, its downloads and its rows. */
export function BatchDetail({ id }: { id: string }) {
  const { data: batch, error, isError } = useQuery(batchOptions(id));
  useBatchLive(id, batch !== undefined && !batchSettled(batch));

  if (!batch) {
    if (isError) {
      const gone = error instanceof ApiError && (error.status === 404 || error.status === 403);
      return (
        <EmptyState icon={Images} title={gone ? "No such batch" : "The batch could not be read"}>
          {gone ? "It does not exist, or it is not one you can see." : errorMessage(error)}{" "}
          <Link href="/batches" className="underline underline-offset-4">
            All batches
          </Link>
        </EmptyState>
      );
    }
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the batch…
      </p>
    );
  }
  return <Loaded batch={batch} />;
}

function Loaded({ batch }: { batch: BatchView }) {
  const { counts } = batch;
  const done = finished(counts);
  const share = batch.rows === 0 ? 1 : done / batch.rows;
  const eta = batchSettled(batch) ? null : etaWords(batch.etaMs);
  const downloads = batchDownloads(batch.id);
  return (
    <div className="grid gap-6">
      <section aria-label="Progress" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
            <Badge
              variant={batch.state === "cancelled" ? "outline" : batch.state === "paused" ? "default" : "primary"}
              data-testid="batch-state"
            >
              {stateWords(batch.state, counts)}
            </Badge>
            <span className="text-muted-foreground">
              {batch.model ? modelLabel(batch.model) : "Several models"} · {formatUtcDateTime(batch.createdAt)} · by{" "}
              {batch.createdBy.name ?? "a former member"}
              {batch.viaToken ? ` (token “${batch.viaToken}”)` : ""}
            </span>
          </p>
          {batch.retryOf && (
            <Link href={`/batches/${encodeURIComponent(batch.retryOf)}`} className="text-sm underline underline-offset-4">
              Retried from an earlier batch
            </Link>
          )}
        </div>

        <div className="grid gap-1.5">
          <div
            role="progressbar"
            aria-label="Rows finished"
            aria-valuemin={0}
            aria-valuemax={batch.rows}
            aria-valuenow={done}
            aria-valuetext={progressWords(batch.rows, counts)}
            className="flex h-2.5 overflow-hidden rounded-full bg-muted"
          >
            {(["succeeded", "failed", "cancelled"] as const).map((each) =>
              counts[each] > 0 ? (
                <div key={each} className={`h-full ${BAR[each]}`} style={{ width: `${(counts[each] / Math.max(1, batch.rows)) * 100}%` }} />
              ) : null,
            )}
          </div>
          <p aria-live="polite" className="flex flex-wrap justify-between gap-x-3 text-sm tabular-nums" data-testid="batch-progress">
            <span>{progressWords(batch.rows, counts)}</span>
            <span className="text-muted-foreground">
              {Math.round(share * 100)}%{eta ? ` · ${eta}` : ""}
            </span>
          </p>
        </div>

        <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Rows by status">
          {COUNTED.map((each) => (
            <div key={each} className="grid min-w-0 gap-0.5 rounded-lg border px-2.5 py-2">
              <dt className="truncate text-xs text-muted-foreground">{ROW_STATUS[each]}</dt>
              <dd className="text-base font-semibold tabular-nums" data-testid={`count-${each}`}>
                {formatNumber(counts[each])}
              </dd>
            </div>
          ))}
        </dl>

        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Used</dt>
            <dd className="font-medium tabular-nums">{plural(batch.credits.used, "credit")}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Reserved now</dt>
            <dd className="font-medium tabular-nums">{plural(batch.credits.reserved, "credit")}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Refunded</dt>
            <dd className="font-medium tabular-nums">{plural(batch.credits.refunded, "credit")}</dd>
          </div>
        </dl>
      </section>

      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        {batch.canChange ? <Actions batch={batch} /> : <span />}
        <nav aria-label="Downloads" className="flex flex-wrap gap-2">
          {[
            { href: downloads.zip, icon: Download, label: "ZIP of results" },
            { href: downloads.csv, icon: FileSpreadsheet, label: "Results CSV" },
            { href: downloads.jsonl, icon: FileText, label: "Results JSONL" },
          ].map(({ href, icon: Icon, label }) => (
            <Button key={label} asChild variant="outline" size="sm">
              <a href={href} download>
                <Icon aria-hidden />
                {label}
              </a>
            </Button>
          ))}
        </nav>
      </div>

      <BatchRows id={batch.id} rows={batch.rows} counts={counts} />
    </div>
  );
}

function Actions({ batch }: { batch: BatchView }) {
  const router = useRouter();
  const action = useBatchAction(batch.id);
  const retry = useRetryBatch(batch.id);
  const [asking, setAsking] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // One id for "Retry failed rows" until it succeeds: a second click or a resend names the same new batch.
  const retryId = useRef<string | null>(null);
  const { counts } = batch;
  const toGo = counts.waiting + counts.running + counts.paused;
  const problem = action.error ?? retry.error;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {batch.state === "running" && counts.waiting > 0 && (
          <Button
            variant="outline"
            size="sm"
            pending={action.isPending && action.variables === "pause"}
            onClick={() => action.mutate("pause")}
          >
            <Pause aria-hidden />
            Pause
          </Button>
        )}
        {batch.state === "paused" && (
          <Button size="sm" pending={action.isPending && action.variables === "resume"} onClick={() => action.mutate("resume")}>
            <Play aria-hidden />
            Resume
          </Button>
        )}
        {batch.state !== "cancelled" && toGo > 0 && (
          <>
            <Button
              ref={cancelButton}
              variant="outline"
              size="sm"
              aria-haspopup="dialog"
              onPointerEnter={prefetchConfirm}
              onFocus={prefetchConfirm}
              onClick={() => setAsking(true)}
            >
              <Ban aria-hidden />
              Cancel
            </Button>
            <ConfirmDialog
              open={asking}
              onClose={() => setAsking(false)}
              returnFocus={cancelButton}
              title="Cancel this batch?"
              cancelLabel="Keep it"
              description={`The ${plural(counts.waiting + counts.paused, "row")} not sent yet are cancelled and charge nothing; rows already running finish.`}
            >
              <Button
                variant="destructive"
                pending={action.isPending && action.variables === "cancel"}
                onClick={() => action.mutate("cancel", { onSuccess: () => setAsking(false) })}
              >
                Cancel the batch
              </Button>
            </ConfirmDialog>
          </>
        )}
        {counts.failed > 0 && (
          <Button
            variant="outline"
            size="sm"
            pending={retry.isPending}
            onClick={() => {
              retryId.current ??= newSubmissionId();
              retry.mutate(retryId.current, {
                onSuccess: ({ batch: made }) => {
                  retryId.current = null;
                  router.push(`/batches/${encodeURIComponent(made.id)}`);
                },
              });
            }}
          >
            <RotateCcw aria-hidden />
            Retry failed rows ({formatNumber(counts.failed)})
          </Button>
        )}
      </div>
      <SubmitRefusal message={problem ? errorMessage(problem) : null} occurrence={problem} />
      {batch.state === "paused" && counts.paused > 0 && (
        <Alert tone="info" role="status">
          {plural(counts.paused, "row")} wait for Resume; rows already sent finish.
        </Alert>
      )}
    </div>
  );
}
