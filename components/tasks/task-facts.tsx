"use client";

import { Alert } from "@/components/ui/alert";
import type { TaskView } from "@/lib/tasks/views";
import { formatDateTime, modelLabel } from "./task-format";
import { useNow } from "./use-now";

export type Plan = "free" | "paid" | "lifetime";
const RETENTION_DAYS: Record<Plan, number> = { free: 7, paid: 30, lifetime: 30 };
const DAY = 86_400_000;

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

/** Who made it, when, and every parameter of the request. */
export function TaskFacts({ task }: { task: TaskView }) {
  const params = Object.entries(task.params ?? {});
  return (
    <section aria-labelledby="facts-heading" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id="facts-heading" className="text-base font-semibold">
        Details
      </h2>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Task id</dt>
        <dd className="font-mono text-xs break-all">{task.id}</dd>
        <dt className="text-muted-foreground">Model</dt>
        <dd>
          {modelLabel(task.model)} <span className="text-muted-foreground">({task.model}, {task.kind})</span>
        </dd>
        <dt className="text-muted-foreground">Member</dt>
        <dd>{task.member.name ?? "Unknown member"}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <Time iso={task.createdAt} />
        </dd>
        <dt className="text-muted-foreground">Completed</dt>
        <dd>{task.completedAt ? <Time iso={task.completedAt} /> : "Not yet"}</dd>
      </dl>
      <h3 className="text-sm font-semibold">Request parameters</h3>
      {params.length ? (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {params.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-xs text-muted-foreground">{key}</dt>
              <dd className="text-sm break-words whitespace-pre-wrap">{formatValue(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">Not recorded (the task was imported or its parameters could not be read).</p>
      )}
    </section>
  );
}

/** How long the generation service keeps its copy, and whether Darkroom's archive holds one. */
export function Retention({ task, plan }: { task: TaskView; plan: Plan }) {
  const now = useNow(60_000);
  const archived = (task.results?.length ?? 0) > 0;
  const archiveLine = archived
    ? `Darkroom’s archive holds ${task.results?.length === 1 ? "a copy" : `${task.results?.length} files`}, kept whatever the service does.`
    : task.archive.error
      ? `Darkroom’s archive does not hold it yet: the last download failed (${task.archive.error}); it is retried.`
      : "Darkroom’s archive does not hold a copy.";
  if (task.status !== "succeeded" && task.status !== "archiving" && task.error?.code !== "media_deleted") return null;

  if (task.kind === "video") {
    return (
      <Alert tone="info" title="Keeping this video">
        The generation service’s video links are temporary (they stop working about a day after success). {archiveLine}
      </Alert>
    );
  }
  if (task.mediaDeletedAt) {
    return (
      <Alert tone="info" title="Upstream copy deleted">
        The generation service deleted its copy on <Time iso={task.mediaDeletedAt} />. {archiveLine}
      </Alert>
    );
  }
  if (!task.completedAt) return null;
  const expires = new Date(task.completedAt).getTime() + RETENTION_DAYS[plan] * DAY;
  const soon = now > 0 && expires - now < 2 * DAY;
  return (
    <Alert tone={soon && !archived ? "warning" : "info"} title={soon && !archived ? "The upstream copy expires soon and is not archived" : "Retention"}>
      The generation service keeps this image until <Time iso={new Date(expires).toISOString()} /> ({RETENTION_DAYS[plan]} days on the {plan} plan). {archiveLine}
      {soon && !archived && " Download it now if you need it."}
    </Alert>
  );
}
