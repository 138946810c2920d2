"use client";

import { Archive } from "lucide-react";
import { ErrorCodeChip } from "@/components/shared/error-code-chip";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/query/fetch-json";
import { useArchiveAgain } from "@/lib/query/task-actions";
import { RETENTION_DAYS, type Plan } from "@/lib/retention";
import type { TaskView } from "@/lib/schemas/views";
import { copyAtRisk, modelLabel, upstreamCopyAt } from "./task-format";
import { useNow } from "./use-now";

function Time({ iso }: { iso: string }) {
  // Server and browser may sit in different time zones: the browser's reading wins.
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso)}
    </time>
  );
}

function formatValue(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 1);
}

/**
 * Who made it, when, and every parameter of the request. A value may be one unbroken string (an upload's URL, a
 * prompt with no spaces): it breaks anywhere, and the value column may shrink below it, so the page never
 * scrolls sideways (issue 45).
 */
export function TaskFacts({ task }: { task: TaskView }) {
  const params = Object.entries(task.params ?? {});
  return (
    <section aria-labelledby="facts-heading" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm render-when-near">
      <h2 id="facts-heading" className="text-base font-semibold">
        Details
      </h2>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Task id</dt>
        <dd className="font-mono text-xs break-all">{task.publicId ?? task.id}</dd>
        <dt className="text-muted-foreground">Model</dt>
        <dd>
          {modelLabel(task.model)}{" "}
          <span className="text-muted-foreground">
            ({task.model}, {task.kind})
          </span>
        </dd>
        <dt className="text-muted-foreground">Member</dt>
        <dd>
          {task.member.name ?? "Unknown member"}
          {task.viaToken && <span className="text-muted-foreground"> · via token {task.viaToken}</span>}
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <Time iso={task.createdAt} />
        </dd>
        <dt className="text-muted-foreground">Completed</dt>
        <dd>{task.completedAt ? <Time iso={task.completedAt} /> : "Not yet"}</dd>
      </dl>
      <h3 className="text-sm font-semibold">Request parameters</h3>
      {params.length ? (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          {params.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-xs text-muted-foreground">{key}</dt>
              <dd className="min-w-0 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{formatValue(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">Not recorded (the task was imported or its parameters could not be read).</p>
      )}
      {task.unmapped && (
        <>
          <h3 className="text-sm font-semibold">Other fields from the generation service</h3>
          <p className="text-xs text-muted-foreground">Reported by the service but not understood by Darkroom; kept as they came.</p>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
            {Object.entries(task.unmapped).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono text-xs text-muted-foreground">{key}</dt>
                <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap">{JSON.stringify(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

/** A member's way out when automatic archiving gave up: one more try, now. */
function ArchiveAgain({ task }: { task: TaskView }) {
  const again = useArchiveAgain();
  return (
    <div className="mt-2 grid gap-1">
      <Button size="sm" variant="outline" className="w-fit" disabled={again.isPending} onClick={() => again.mutate(task.id)}>
        <Archive aria-hidden />
        {again.isPending ? "Asking…" : "Save to the archive again"}
      </Button>
      {again.isError && <p className="text-sm text-danger">{errorMessage(again.error)}</p>}
    </div>
  );
}

/** How long the generation service keeps its copy, whether Darkroom's archive holds one, and a warning near the end. */
export function Retention({ task, plan, canEdit }: { task: TaskView; plan: Plan; canEdit: boolean }) {
  const now = useNow(60_000);
  const archived = (task.results?.length ?? 0) > 0;
  const gaveUp = task.archive.state === "failed";
  const archiveLine = archived
    ? `Darkroom’s archive holds ${task.results?.length === 1 ? "a copy" : `${task.results?.length} files`}, kept whatever the service does.`
    : gaveUp
      ? `Darkroom’s archive does not hold it; saving stopped after the last failure: ${task.archive.error ?? "no reason given."}`
      : task.archive.error
        ? `Darkroom’s archive does not hold it yet and keeps trying. Last failure: ${task.archive.error}`
        : "Darkroom’s archive does not hold a copy yet.";
  if (task.status !== "succeeded" && task.status !== "archiving" && task.error?.code !== "media_deleted") return null;
  const retry = canEdit && gaveUp && !task.mediaDeletedAt && <ArchiveAgain task={task} />;

  if (task.kind === "video") {
    return (
      <Alert tone="info" title="Keeping this video">
        The generation service’s video links are temporary (they stop working about a day after success). {archiveLine}
        {retry}
      </Alert>
    );
  }
  if (task.mediaDeletedAt) {
    return (
      <Alert tone="info" title="Upstream copy deleted">
        <div className="mb-1">
          <ErrorCodeChip shown={{ code: "media_deleted", inSpec: true }} />
        </div>
        The generation service deleted its copy on <Time iso={task.mediaDeletedAt} />. {archiveLine}
      </Alert>
    );
  }
  if (!task.expiresAt) return null;
  // lib/retention.ts judges the moment the server reckoned, against this browser's clock (none while server-rendering).
  const copy = upstreamCopyAt(task, now);
  const warn = copyAtRisk(copy);
  const expired = copy?.state === "expired";
  const terms = `${RETENTION_DAYS[plan]} days on the ${plan} plan`;
  return (
    <Alert
      tone={warn ? "warning" : "info"}
      title={
        expired
          ? warn
            ? "The upstream copy has expired and is not archived"
            : "The upstream copy has expired"
          : warn
            ? "The upstream copy expires soon and is not archived"
            : "Retention"
      }
      data-testid="retention"
    >
      {expired ? (
        <>
          The generation service kept this image until <Time iso={task.expiresAt} /> ({terms}); Darkroom looks once more to record its
          deletion.{" "}
        </>
      ) : (
        <>
          The generation service keeps this image until <Time iso={task.expiresAt} /> ({terms}).{" "}
        </>
      )}
      {archiveLine}
      {warn && !expired && " After that it is gone for good."}
      {retry}
    </Alert>
  );
}
