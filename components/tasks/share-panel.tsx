"use client";

import { Link2 } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import type { TaskView } from "@/lib/schemas/views";
import { LazyShareForm, prefetchShareForm } from "./lazy-share-form";

/** A task page's Share: for a task the member sees in their gallery, once its results are archived. */
export function SharePanel({ task }: { task: TaskView }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!task.results?.length || task.hiddenForMe || task.hiddenForTeam) return null;
  return (
    <section aria-label="Share" className="grid gap-3">
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onPointerEnter={prefetchShareForm}
        onFocus={prefetchShareForm}
      >
        <Link2 aria-hidden />
        Share
      </Button>
      {open && (
        <div id={panelId} className="rounded-xl border p-4">
          <Suspense fallback={null}>
            <LazyShareForm taskIds={[task.id]} what="this task's results" />
          </Suspense>
        </div>
      )}
    </section>
  );
}
