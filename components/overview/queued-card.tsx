import { QueueReasonLine } from "@/components/shared/queue-reason";
import type { QueueState } from "@/lib/tasks/queue";
import { modelName, OverviewCard } from "./overview-card";

const SHOWN = 6;

/** What waits to be sent, each with why (the queue's own words); the controls are on the Tasks page. */
export function QueuedCard({ queue }: { queue: QueueState }) {
  const waiting = queue.submissions;
  const nothing = !waiting.length && !queue.attention.length;
  return (
    <OverviewCard
      id="overview-queued"
      title={`Queued (${queue.waiting})`}
      link={{ href: "/tasks", label: "Manage the queue" }}
      empty={nothing ? (queue.paused ? "Nothing is waiting. The queue is paused by an admin." : "Nothing is waiting to be sent.") : null}
    >
      {queue.held && (
        <p className="mb-2 font-medium text-danger">The queue is on hold: the API refused the key. Nothing waiting is lost.</p>
      )}
      <ol className="divide-y">
        {waiting.slice(0, SHOWN).map((submission) => (
          <li key={submission.id} className="grid gap-1 py-2 first:pt-0 last:pb-0">
            <span className="flex min-w-0 gap-2">
              <span className="shrink-0 font-medium tabular-nums">#{submission.position}</span>
              <span className="shrink-0 font-medium">{modelName(submission.model)}</span>
              <span className="truncate text-muted-foreground">{submission.prompt ?? "No prompt"}</span>
            </span>
            {submission.reason && <QueueReasonLine reason={submission.reason} sendAt={submission.sendAt} />}
          </li>
        ))}
      </ol>
      {queue.waiting > SHOWN && <p className="mt-2 text-xs text-muted-foreground">and {queue.waiting - SHOWN} more</p>}
      {queue.attention.length > 0 && (
        <p className="mt-2 text-xs font-medium text-danger">
          {queue.attention.length} {queue.attention.length === 1 ? "submission needs" : "submissions need"} a decision (see Tasks).
        </p>
      )}
    </OverviewCard>
  );
}
