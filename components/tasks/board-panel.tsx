"use client";

import { LayoutGrid } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import type { TaskView } from "@/lib/schemas/views";

// The boards' list and the new-board form load on the first hover, focus or press of "Add to board", as the
// share form does: most visits to a task's page never open it (the page's script budget, issue 28).
const loadAddToBoard = () => import("@/components/shared/add-to-board");
const AddToBoard = lazy(() => loadAddToBoard().then((module) => ({ default: module.AddToBoard })));
const prefetch = () => void loadAddToBoard();

/** A task page's "Add to board": the same place the gallery's selection bar and the lightbox put tasks. */
export function BoardPanel({ task }: { task: TaskView }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (task.hiddenForMe || task.hiddenForTeam) return null;
  return (
    <section aria-label="Boards" className="grid gap-3">
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <LayoutGrid aria-hidden />
        Add to board
      </Button>
      {open && (
        <div id={panelId} className="min-w-0 rounded-xl border p-4">
          <Suspense fallback={null}>
            <AddToBoard taskIds={[task.id]} what="this task" />
          </Suspense>
        </div>
      )}
    </section>
  );
}
