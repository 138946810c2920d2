"use client";

import { ImageIcon } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useOpenLightbox } from "@/components/shared/lightbox/open-context";
import { QuickActions } from "@/components/shared/quick-actions";
import { ResultThumb } from "@/components/shared/result-thumb";
import { taskName } from "@/components/shared/task-name";
import { creditsLine, TASK_STATUS } from "@/components/shared/task-words";
import { modelLabel } from "@/lib/models/labels";
import { Placeholder } from "./recent-results-placeholder";
import { taskPageHref, type TaskView } from "@/lib/schemas/views";

/** This person's earlier tasks (not followed from this tab), newest first: results to open, download and reuse. */
export function RecentResults({ tasks, loading }: { tasks: readonly TaskView[]; loading: boolean }) {
  if (loading) return <Placeholder />;
  if (tasks.length === 0) return null;
  return (
    <section aria-labelledby="generate-recent" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="generate-recent" className="text-base font-semibold tracking-tight">
          Your recent results
        </h2>
        <Link href="/tasks" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          All tasks
        </Link>
      </div>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13rem),1fr))] gap-3">
        {tasks.map((task) => (
          <RecentResult key={task.id} task={task} />
        ))}
      </ul>
    </section>
  );
}

function RecentResult({ task }: { task: TaskView }) {
  const openLightbox = useOpenLightbox();
  const onOpen = openLightbox && task.thumbnailUrl ? () => openLightbox({ taskId: task.id, index: 0 }) : undefined;
  const credits = creditsLine(task);
  const label = modelLabel(task.model);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm focus-within:ring-2 focus-within:ring-primary/50">
      <div className="relative aspect-[4/3] bg-muted">
        {task.thumbnailUrl ? (
          <ResultThumb task={task} onOpen={onOpen} alt={`Result of ${taskName(task)}`} tabIndex={-1} fill />
        ) : (
          <ImageIcon aria-hidden className="absolute inset-0 m-auto size-7 text-muted-foreground" />
        )}
      </div>
      <div className="grid gap-1 p-2.5 text-xs">
        <p className="flex flex-wrap items-center justify-between gap-x-2">
          <Link href={taskPageHref(task)} className="truncate text-sm font-medium underline-offset-4 hover:underline">
            {label}
          </Link>
          <span className="shrink-0 text-muted-foreground">{TASK_STATUS[task.status]}</span>
        </p>
        <p className="line-clamp-2 text-muted-foreground">{task.prompt || "No prompt"}</p>
        {credits && <p className="font-medium">{credits}</p>}
        <QuickActions task={task} onOpen={onOpen} className="pt-1" />
      </div>
    </li>
  );
}
