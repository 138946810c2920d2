"use client";

import { useQuery } from "@/lib/query/react";
import { LoaderCircle } from "lucide-react";
import { Link } from "@/components/ui/link";
import { entryHref } from "@/components/shared/entry-links";
import { ErrorCodeChip } from "@/components/shared/error-code-chip";
import { taskErrorCode } from "@/components/shared/error-codes";
import { LightboxProvider } from "@/components/shared/lightbox/lightbox-provider";
import { useLiveUpdates } from "@/components/shared/use-live-updates";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { taskQueryOptions } from "@/lib/query/tasks";
import { withMember } from "@/lib/query/tasks";
import type { LineageSource } from "@/lib/schemas/lineage-views";
import type { Plan } from "@/lib/retention";
import type { TaskView } from "@/lib/schemas/views";
import { BoardPanel } from "./board-panel";
import { CreditLedger } from "./credit-ledger";
import { ResultPreview } from "./result-preview";
import { SharePanel } from "./share-panel";
import { RetryButton, TaskActions } from "./task-actions";
import { Retention, TaskFacts } from "./task-facts";
import { explainTask, isLive, modelLabel, statusBadge } from "./task-format";
import { TaskLineage } from "./task-lineage";

interface TaskDetailProps {
  initial: TaskView;
  /** What it was made from: earlier tasks and uploaded images. */
  sources: LineageSource[];
  plan: Plan;
  canEdit: boolean;
  /** The task's owner and admins may hide it for the whole team. */
  canHideForTeam: boolean;
}

/** One task in full, kept live by the events stream. */
export function TaskDetail({ initial, sources, plan, canEdit, canHideForTeam }: TaskDetailProps) {
  useLiveUpdates();
  const { data = initial } = useQuery({ ...taskQueryOptions(initial.id), initialData: initial });
  const task = withMember(data, initial);
  const badge = statusBadge(task);
  const explained = explainTask(task);
  const code = taskErrorCode(task);
  return (
    <LightboxProvider tasks={[task]}>
      <div className="grid gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant={badge.tone} role="status">
            {badge.busy && <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />}
            {badge.text}
          </Badge>
          <span className="text-sm text-muted-foreground">
            {modelLabel(task.model)} · {task.kind === "video" ? "Video" : "Image"} · by {task.member.name ?? "unknown member"}
          </span>
        </div>
        {task.prompt && (
          <blockquote className="rounded-xl border-l-4 border-primary/40 bg-muted/40 p-3 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">
            {task.prompt}
          </blockquote>
        )}
        {explained && (
          <Alert
            tone={explained.tone}
            role={explained.tone === "danger" ? "alert" : "status"}
            title={explained.title}
            data-testid="task-explanation"
          >
            {code && (
              <div className="mb-1">
                <ErrorCodeChip shown={code} />
              </div>
            )}
            <p>{explained.body}</p>
            {canEdit && explained.action === "retry" && (
              <div className="mt-2">
                <RetryButton task={task} />
              </div>
            )}
            {canEdit && (explained.action === "remix" || explained.action === "edit-prompt") && task.params && (
              <Button asChild size="sm" variant="outline" className="mt-2 w-fit">
                <Link href={entryHref({ kind: "remix", taskId: task.id })}>
                  {explained.action === "edit-prompt" ? "Edit the prompt" : "Remix"}
                </Link>
              </Button>
            )}
          </Alert>
        )}
        {isLive(task) && !task.overdue && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            {task.status === "archiving" ? "Saving the result to Darkroom’s archive…" : "Generating… this page updates by itself."}
          </p>
        )}
        <ResultPreview task={task} />
        <TaskActions task={task} canEdit={canEdit} canHideForTeam={canHideForTeam} />
        {canEdit && <SharePanel task={task} />}
        {canEdit && <BoardPanel task={task} />}
        <Retention task={task} plan={plan} canEdit={canEdit} />
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
          <TaskFacts task={task} />
          <div className="grid gap-6 render-when-near">
            <CreditLedger task={task} />
            <TaskLineage task={task} sources={sources} canMake={canEdit} />
          </div>
        </div>
      </div>
    </LightboxProvider>
  );
}
