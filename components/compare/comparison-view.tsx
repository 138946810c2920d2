"use client";

import { ExternalLink, RotateCcw, Shuffle, Star } from "lucide-react";
import { Link } from "@/components/ui/link";
import { entryHref } from "@/components/shared/entry-links";
import { clockOf } from "@/components/shared/progress-words";
import { isRepeatClick } from "@/components/shared/repeat-click";
import { ResultThumb } from "@/components/shared/result-thumb";
import { newSubmissionId } from "@/components/shared/submission-id";
import { TASK_STATUS } from "@/components/shared/task-words";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { modelLabel } from "@/lib/models/labels";
import { comparisonQueryOptions, usePickFavourite, useRerunColumn } from "@/lib/query/comparisons";
import { useServerEvents } from "@/lib/query/events";
import { errorMessage } from "@/lib/query/fetch-json";
import { useQuery, useQueryClient } from "@/lib/query/react";
import { comparisonKeys } from "@/lib/query/keys";
import type { ComparisonColumnView, ComparisonView as Comparison } from "@/lib/schemas/comparison-views";
import { taskPageHref } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { SUBMISSION_STATE } from "@/components/shared/submission-state";

/**
 * A comparison's columns side by side, live: the page refetches the comparison when the browser's one event
 * stream reports a change to one of its submissions or tasks. On a phone the columns become a row that
 * swipes (scroll snap); each column is a focusable region, so the keyboard reaches every one.
 */
export function ComparisonView({ initial, canEdit }: { initial: Comparison; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...comparisonQueryOptions(initial.id), initialData: initial });
  const comparison = data ?? initial;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: comparisonKeys.detail(initial.id) });
  const ours = (id: string | null) =>
    id !== null && comparison.columns.some((column) => column.submission.id === id || column.task?.id === id);
  useServerEvents({
    task: ({ id }) => ours(id) && refetch(),
    submission: ({ id, taskId }) => (ours(id) || ours(taskId)) && refetch(),
    reset: refetch,
  });
  const favourite = usePickFavourite(initial.id);
  const rerun = useRerunColumn(initial.id);
  const problem = favourite.error ?? rerun.error;

  return (
    <div className="grid gap-4">
      {problem && (
        <Alert tone="danger" role="alert">
          {errorMessage(problem)}
        </Alert>
      )}
      <ol
        aria-label="Models compared"
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:snap-none sm:grid-cols-2 sm:overflow-visible sm:px-0 xl:grid-cols-3"
      >
        {comparison.columns.map((column) => (
          <Column
            key={column.column}
            column={column}
            favourite={comparison.favourite !== null && comparison.favourite === column.submission.id}
            canEdit={canEdit}
            onFavourite={(on) => favourite.mutate(on ? column.submission.id : null)}
            onRerun={() => rerun.mutate({ submissionId: newSubmissionId(), column: column.column })}
            rerunning={rerun.isPending && rerun.variables?.column === column.column}
          />
        ))}
      </ol>
    </div>
  );
}

function Column({
  column,
  favourite,
  canEdit,
  onFavourite,
  onRerun,
  rerunning,
}: {
  column: ComparisonColumnView;
  favourite: boolean;
  canEdit: boolean;
  onFavourite: (on: boolean) => void;
  onRerun: () => void;
  rerunning: boolean;
}) {
  const { task, submission } = column;
  const name = modelLabel(column.model);
  const status = task ? TASK_STATUS[task.status] : (submission.reason?.words ?? SUBMISSION_STATE[submission.state]);
  const tone =
    task?.status === "succeeded" ? "success" : task?.status === "failed" || submission.state === "rejected" ? "danger" : "primary";
  const took = task?.completedAt ? Date.parse(task.completedAt) - Date.parse(task.createdAt) : null;
  const credits = task?.credits;
  const headingId = `column-${column.column}`;
  return (
    <li
      aria-labelledby={headingId}
      // Focusable so the keyboard can scroll the phone's row to it; the ring shows where focus is.
      tabIndex={0}
      className={cn(
        "grid w-[85%] shrink-0 snap-center content-start gap-3 rounded-xl border bg-card p-4 shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-auto",
        favourite && "border-primary ring-1 ring-primary",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={headingId} className="font-semibold">
            {name}
          </h2>
          <p className="text-xs text-muted-foreground">
            {column.kind === "video" ? "Video" : "Image"}
            {column.runs > 1 ? ` · run ${column.runs}` : ""}
          </p>
        </div>
        <Badge variant={tone} aria-live="polite">
          {status}
        </Badge>
      </div>
      {/* What it ran with, so two columns of one model tell apart and a chosen setting is not lost (issue 45). */}
      {column.settings.length > 0 && (
        <ul aria-label={`Settings of ${name}`} className="flex flex-wrap gap-1.5 text-xs">
          {column.settings.map((setting) => (
            <li key={setting.name} className="min-w-0 rounded-md border bg-muted/40 px-1.5 py-0.5 [overflow-wrap:anywhere]">
              <span className="text-muted-foreground">{setting.label}</span> {setting.value}
            </li>
          ))}
        </ul>
      )}
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-muted">
        {task?.thumbnailUrl ? (
          <ResultThumb task={task} alt={`${name}'s result`} fill />
        ) : (
          <p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-muted-foreground">
            {task?.status === "failed" ? (task.error?.message ?? "This run failed.") : "The result shows here when it is ready."}
          </p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Reserved</dt>
        <dd className="tabular-nums">{credits?.reserved != null ? `${formatNumber(credits.reserved)} credits` : "—"}</dd>
        <dt className="text-muted-foreground">Used</dt>
        <dd className="tabular-nums">{credits?.used != null ? `${formatNumber(credits.used)} credits` : "—"}</dd>
        {credits?.refunded != null && (
          <>
            <dt className="text-muted-foreground">Refunded</dt>
            <dd className="tabular-nums">{formatNumber(credits.refunded)} credits</dd>
          </>
        )}
        <dt className="text-muted-foreground">Took</dt>
        <dd className="tabular-nums">{took !== null ? clockOf(took) : "—"}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {canEdit && (
          <Button
            size="sm"
            variant={favourite ? "default" : "outline"}
            aria-pressed={favourite}
            onClick={() => onFavourite(!favourite)}
            aria-label={`Favourite: ${name}`}
          >
            <Star aria-hidden className={cn(favourite && "fill-current")} />
            Favourite
          </Button>
        )}
        {canEdit && (
          <Button
            size="sm"
            variant="outline"
            onClick={(event) => {
              if (!isRepeatClick(event)) onRerun();
            }}
            pending={rerunning}
            aria-label={`Re-run ${name}`}
          >
            {!rerunning && <RotateCcw aria-hidden />}
            Re-run
          </Button>
        )}
        {task?.params && canEdit && (
          <Button asChild size="sm" variant="outline">
            <Link href={entryHref({ kind: "remix", taskId: task.id })} aria-label={`Open ${name} in the form`}>
              <Shuffle aria-hidden />
              Open in form
            </Link>
          </Button>
        )}
        {task && (
          <Button asChild size="sm" variant="ghost">
            <Link href={taskPageHref(task)} aria-label={`${name}'s task`}>
              <ExternalLink aria-hidden />
              Task
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}
