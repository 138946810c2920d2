"use client";

import { ArrowUpToLine, Clock, Pause, Play, X } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog, prefetchConfirm } from "@/components/shared/confirm/confirm-dialog";
import { ErrorCodeChip } from "@/components/shared/error-code-chip";
import { submissionErrorCode } from "@/components/shared/error-codes";
import { QueueReasonLine } from "@/components/shared/queue-reason";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/query/fetch-json";
import { useCancelSubmission, useMoveToFront, useSetQueuePaused, type QueueAnswer } from "@/lib/query/queue";
import type { SubmissionView } from "@/lib/schemas/views";
import type { QueueViewer } from "./queue-strip";
import { modelLabel } from "./task-format";

/**
 * Submissions still waiting to be sent, with their place in line and why they wait (the server's words, the
 * same as on their cards). Their owner or an admin can cancel one or move it to the front; admins pause and
 * resume the whole queue.
 */
export function QueuePanel({ data, viewer }: { data: QueueAnswer; viewer: QueueViewer }) {
  const { submissions: waiting, attention, withdrawn, held, paused } = data;
  const pause = useSetQueuePaused();
  const [cancelling, setCancelling] = useState<SubmissionView | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const cancel = useCancelSubmission();
  const front = useMoveToFront();
  const failure = pause.error ?? cancel.error ?? front.error;
  const mayChange = (s: SubmissionView) => viewer.isAdmin || (viewer.canEdit && s.userId === viewer.id);

  return (
    <section aria-labelledby="queue-heading" className="grid gap-3 rounded-xl border border-dashed bg-card/60 p-3 sm:p-4">
      {held && (
        <Alert tone="danger" title="The queue is on hold">
          {held.message ?? "The generation service refused Darkroom's API key; an admin has been told. Nothing waiting is lost."}
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="queue-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Clock className="size-4 text-muted-foreground" aria-hidden />
          Waiting to be sent ({data.waiting}){paused && <span className="font-normal text-muted-foreground"> · the queue is paused</span>}
        </h2>
        {viewer.isAdmin && (
          <Button size="sm" variant="outline" pending={pause.isPending} onClick={() => pause.mutate(!paused)}>
            {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {paused ? "Resume queue" : "Pause queue"}
          </Button>
        )}
      </div>
      {failure && (
        <Alert tone="danger" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      {waiting.length > 0 && (
        <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Waiting submissions">
          {waiting.map((submission, index) => (
            <li
              key={submission.id}
              className="grid content-start gap-1 rounded-lg border bg-card p-2.5 text-sm"
              data-submission-id={submission.id}
            >
              <span className="font-medium">
                <span className="tabular-nums">#{submission.position ?? "–"}</span> · {modelLabel(submission.model)}
                <span className="sr-only">, position {submission.position} in the queue</span>
              </span>
              <span className="truncate text-muted-foreground">{submission.prompt ?? "No prompt"}</span>
              {submission.viaToken && <span className="truncate text-xs text-muted-foreground">via token {submission.viaToken}</span>}
              {submission.reason && <QueueReasonLine reason={submission.reason} sendAt={submission.sendAt} />}
              {mayChange(submission) && submission.state === "queued" && (
                <div className="flex flex-wrap gap-1.5 pt-1">
                  {index > 0 && (
                    <Button
                      size="sm"
                      variant="outline"
                      pending={front.isPending && front.variables === submission.id}
                      onClick={() => front.mutate(submission.id)}
                      aria-label={`Move #${submission.position} to the front`}
                    >
                      <ArrowUpToLine aria-hidden />
                      Move to front
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-haspopup="dialog"
                    onPointerEnter={prefetchConfirm}
                    onFocus={prefetchConfirm}
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setCancelling(submission);
                    }}
                    aria-label={`Cancel #${submission.position}`}
                  >
                    <X aria-hidden />
                    Cancel
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {data.waiting > waiting.length && (
        <p className="text-xs text-muted-foreground">
          and {data.waiting - waiting.length} more waiting after these (a batch&apos;s rows are on its own page)
        </p>
      )}
      <EndedList title="Needs a decision" submissions={attention} />
      <EndedList title="Cancelled before sending" submissions={withdrawn} />
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        returnFocus={opener}
        title="Cancel this submission?"
        cancelLabel="Keep it"
        description={
          <>
            {cancelling ? `${modelLabel(cancelling.model)}: “${(cancelling.prompt ?? "").slice(0, 80)}”. ` : ""}
            It leaves the queue and is never sent; nothing was charged for it. To make it again, submit it again.
          </>
        }
      >
        <Button
          variant="destructive"
          pending={cancel.isPending}
          onClick={() => {
            if (cancelling) cancel.mutate(cancelling.id, { onSettled: () => setCancelling(null) });
          }}
        >
          Cancel submission
        </Button>
      </ConfirmDialog>
    </section>
  );
}

/** Submissions out of line, each with why: those that need a person's decision, and those the rules cancelled. */
function EndedList({ title, submissions }: { title: string; submissions: SubmissionView[] }) {
  if (submissions.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">
        {title} ({submissions.length})
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {submissions.map((submission) => {
          const code = submissionErrorCode(submission);
          return (
            <li key={submission.id} className="grid min-w-0 content-start gap-1 rounded-lg border bg-card p-2.5 text-sm">
              <span className="font-medium">{modelLabel(submission.model)}</span>
              <span className="truncate text-muted-foreground">{submission.prompt ?? "No prompt"}</span>
              {submission.viaToken && <span className="truncate text-xs text-muted-foreground">via token {submission.viaToken}</span>}
              {submission.reason && <QueueReasonLine reason={submission.reason} />}
              {submission.error?.message && <span className="line-clamp-3 text-xs text-muted-foreground">{submission.error.message}</span>}
              {code && (
                <span>
                  <ErrorCodeChip shown={code} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
