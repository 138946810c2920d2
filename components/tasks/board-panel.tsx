"use client";

import { LayoutGrid } from "lucide-react";
import { lazy } from "react";
import type { TaskView } from "@/lib/schemas/views";
import { TaskPagePanel } from "./task-page-panel";

// The boards' list and the new-board form load on the first hover, focus or press of "Add to board".
const loadAddToBoard = () => import("@/components/shared/add-to-board");
const AddToBoard = lazy(() => loadAddToBoard().then((module) => ({ default: module.AddToBoard })));
const prefetch = () => void loadAddToBoard();

/** A task page's "Add to board": the same place the gallery's selection bar and the lightbox put tasks. */
export function BoardPanel({ task }: { task: TaskView }) {
  if (task.hiddenForMe || task.hiddenForTeam) return null;
  return (
    <TaskPagePanel region="Boards" label="Add to board" icon={<LayoutGrid aria-hidden />} prefetch={prefetch}>
      <AddToBoard taskIds={[task.id]} what="this task" />
    </TaskPagePanel>
  );
}
