"use client";

import { Link2 } from "lucide-react";
import type { TaskView } from "@/lib/schemas/views";
import { LazyShareForm, prefetchShareForm } from "./lazy-share-form";
import { TaskPagePanel } from "./task-page-panel";

/** A task page's Share: for a task the member sees in their gallery, once its results are archived. */
export function SharePanel({ task }: { task: TaskView }) {
  if (!task.results?.length || task.hiddenForMe || task.hiddenForTeam) return null;
  return (
    <TaskPagePanel region="Share" label="Share" icon={<Link2 aria-hidden />} prefetch={prefetchShareForm}>
      <LazyShareForm taskIds={[task.id]} what="this task's results" />
    </TaskPagePanel>
  );
}
