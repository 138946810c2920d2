"use client";

import { useQuery } from "@/lib/query/react";
import { LoaderCircle } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { getModelMeta } from "@/lib/models/meta";
import { useResendWithNewKey } from "@/lib/query/submission-actions";
import { submissionQueryOptions } from "@/lib/query/submissions";
import { taskQueryOptions } from "@/lib/query/tasks";
import { taskPageHref, type SubmissionView, type TaskView } from "@/lib/schemas/views";
import { ErrorCodeChip } from "@/components/shared/error-code-chip";
import { submissionErrorCode, taskErrorCode } from "@/components/shared/error-codes";
import { QueueReasonLine } from "@/components/shared/queue-reason";
import { useOpenLightbox } from "@/components/shared/lightbox/open-context";
import { QuickActions } from "@/components/shared/quick-actions";
import { ResultActions } from "@/components/shared/result-actions";
import { ResultThumb } from "@/components/shared/result-thumb";
import type { Tracked } from "./session-store";
import { useForms } from "./forms-context";
import { creditsLine, TASK_STATUS } from "@/components/shared/task-words";
import { SUBMISSION_STATE } from "@/components/shared/submission-state";
import { explainRejection, taskFailure } from "./submission-messages";

type Tone = "default" | "success" | "danger" | "outline";

function badgeFor(submission: SubmissionView, task?: TaskView): { text: string; tone: Tone; busy: boolean } {
  if (task) {
    const tone = task.status === "succeeded" ? "success" : task.status === "failed" ? "danger" : "default";
    return { text: TASK_STATUS[task.status], tone, busy: tone === "default" };
  }
  const tone =
    submission.state === "rejected" || submission.state === "attention"
      ? "danger"
      : submission.state === "cancelled"
        ? "outline"
        : "default";
  return { text: SUBMISSION_STATE[submission.state], tone, busy: tone === "default" };
}

/** "run 2" for the second of a batch: the server numbers a batch's ids "id", "id:2", "id:3", … */
const runNumber = (id: string) => Number(/:(\d+)$/.exec(id)?.[1] ?? 1);

interface SubmissionCardProps {
  tracked: Tracked;
  /** Opens the form on the field the generation service refused. */
  onShowField: (submission: Tracked) => void;
}

/** One submission, live: its place in the queue, then its task's status, credits and result. */
export function SubmissionCard({ tracked, onShowField }: SubmissionCardProps) {
  const titleId = useId();
  const { data: submission = tracked } = useQuery(submissionQueryOptions(tracked.id, tracked));
  const taskId = submission.taskId;
  const { data: task } = useQuery({ ...taskQueryOptions(taskId ?? ""), enabled: taskId !== null });
  const model = getModelMeta(submission.model);
  const mode = model && "modes" in model ? model.modes.find((m) => m.value === tracked.mode)?.label : undefined;
  const badge = badgeFor(submission, task);
  const run = runNumber(submission.id);
  const openLightbox = useOpenLightbox();

  return (
    <li data-submission-id={tracked.id} className="scroll-mt-4">
      <article aria-labelledby={titleId} className="grid h-full content-start gap-3 rounded-xl border bg-card p-4 shadow-sm">
        <header className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="text-sm leading-tight font-semibold">
            {model?.label ?? submission.model}
            {mode && <span className="font-normal text-muted-foreground"> · {mode}</span>}
            {(run > 1 || submission.runsId) && <span className="font-normal text-muted-foreground"> · run {run}</span>}
          </h3>
          <Badge variant={badge.tone}>
            {badge.busy && <LoaderCircle aria-hidden className="animate-spin" />}
            {badge.text}
          </Badge>
        </header>
        {submission.prompt && <p className="line-clamp-2 text-sm text-pretty text-muted-foreground">{submission.prompt}</p>}
        <div role="status" className="grid gap-3 text-sm">
          {task ? <TaskState task={task} /> : <WaitingState submission={submission} mode={tracked.mode} />}
        </div>
        {submission.state === "rejected" && submission.error?.field && (
          <Button size="sm" variant="outline" className="w-fit" onClick={() => onShowField({ ...submission, mode: tracked.mode })}>
            Show on the form
          </Button>
        )}
        {task && (
          <QuickActions
            task={task}
            reuse={false}
            onOpen={openLightbox && task.thumbnailUrl ? () => openLightbox({ taskId: task.id, index: 0 }) : undefined}
          />
        )}
        {task && <ResultActions task={task} />}
      </article>
    </li>
  );
}

function WaitingState({ submission, mode }: { submission: SubmissionView; mode?: string }) {
  // A refusal names its field in the form's words.
  const forms = useForms();
  switch (submission.state) {
    case "queued":
      return (
        <>
          <p>
            Waiting in the queue
            {submission.position !== null && (
              <>
                , position <strong className="tabular-nums">{submission.position}</strong>
              </>
            )}
            .
          </p>
          {submission.reason && <QueueReasonLine reason={submission.reason} sendAt={submission.sendAt} />}
        </>
      );
    case "sending":
      return <p>Sending to the generation service…</p>;
    case "accepted":
      return <p>Accepted. Loading the task…</p>;
    case "cancelled":
      return <p>Cancelled before it was sent. Nothing was charged.</p>;
    case "rejected": {
      const { title, detail } = explainRejection(submission, forms, mode);
      const code = submissionErrorCode(submission);
      return (
        <Alert tone="danger" title={title}>
          {code && (
            <div className="mb-1">
              <ErrorCodeChip shown={code} />
            </div>
          )}
          {detail}
        </Alert>
      );
    }
    case "attention":
      return <NeedsAttention submission={submission} />;
  }
}

/** The outcome is unknown (or the key clashed): say what is known, and let the person decide to risk a second charge. */
function NeedsAttention({ submission }: { submission: SubmissionView }) {
  const [confirming, setConfirming] = useState(false);
  const resend = useResendWithNewKey();
  const code = submissionErrorCode(submission);
  return (
    <div className="grid gap-2">
      <Alert tone="danger" title="Needs your decision">
        {code && (
          <div className="mb-1">
            <ErrorCodeChip shown={code} />
          </div>
        )}
        {submission.error?.message}
      </Alert>
      {confirming ? (
        <div className="grid gap-2 rounded-lg border p-3">
          <p>
            Sending again uses a new request key. If the first attempt did reach the generation service, this{" "}
            <strong>may charge a second time</strong>.
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="destructive" disabled={resend.isPending} onClick={() => resend.mutate(submission.id)}>
              Send again, I accept a possible second charge
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Keep waiting
            </Button>
          </div>
          {resend.error && <p className="text-sm text-danger">{resend.error.message}</p>}
        </div>
      ) : (
        <Button size="sm" variant="outline" className="w-fit" onClick={() => setConfirming(true)}>
          Send again with a new key…
        </Button>
      )}
    </div>
  );
}

function TaskState({ task }: { task: TaskView }) {
  const credits = creditsLine(task);
  const code = taskErrorCode(task);
  const openLightbox = useOpenLightbox();
  return (
    <>
      {task.status === "succeeded" && task.thumbnailUrl && (
        // A fixed shape, so the card does not jump when the thumbnail loads; the click opens the lightbox.
        <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg border bg-muted">
          <ResultThumb
            task={task}
            fill
            alt={`Result of ${task.id}`}
            onOpen={openLightbox ? () => openLightbox({ taskId: task.id, index: 0 }) : undefined}
          />
        </div>
      )}
      {task.status === "failed" && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>{taskFailure(task)}</span>
          {code && <ErrorCodeChip shown={code} />}
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
        {credits && <span className="font-medium text-foreground">{credits}</span>}
        <Link href={taskPageHref(task)} className="font-mono text-xs underline-offset-4 hover:underline">
          {task.publicId ?? task.id}
        </Link>
      </p>
    </>
  );
}
