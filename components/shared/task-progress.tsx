"use client";

import { TriangleAlert } from "lucide-react";
import type { TaskEstimate } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { deadlineWords, progressOf } from "./progress-words";

interface TaskProgressProps {
  createdAt: string;
  estimate?: TaskEstimate | null;
  /** The caller's ticking clock (ms), so many cards share one timer. */
  now: number;
  className?: string;
}

/**
 * A live task's progress against how long this model's recent runs took (the server's estimate): a bar
 * with "about 20 s left"; past the estimate, or without one, a moving bar that claims no share. The 30-minute
 * deadline appears only in its last five minutes.
 */
export function TaskProgress({ createdAt, estimate, now, className }: TaskProgressProps) {
  const progress = progressOf({ createdAt, estimate }, now);
  const deadline = deadlineWords(createdAt, now);
  const determinate = progress.kind === "estimate";
  const basis = estimate
    ? `Estimate from the last ${estimate.samples} runs of this model${estimate.basis === "settings" ? " with these settings" : ""}`
    : undefined;
  return (
    <div className={cn("grid gap-1", className)} data-testid="task-progress">
      <div
        role="progressbar"
        aria-label="Progress of the generation"
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? 100 : undefined}
        aria-valuenow={determinate ? Math.round(progress.share * 100) : undefined}
        aria-valuetext={progress.words}
        title={basis}
        className="relative h-1.5 overflow-hidden rounded-full bg-muted"
      >
        {determinate ? (
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-1000"
            style={{ width: `${Math.max(2, progress.share * 100)}%` }}
          />
        ) : (
          <div className="absolute inset-y-0 w-1/3 animate-[progress-slide_1.6s_ease-in-out_infinite] rounded-full bg-primary/70 motion-reduce:w-full motion-reduce:animate-none motion-reduce:opacity-40" />
        )}
      </div>
      <p className="flex flex-wrap items-center justify-between gap-x-2 text-xs text-muted-foreground tabular-nums">
        <span>{progress.words}</span>
        {deadline && (
          <span className="inline-flex items-center gap-1 font-medium text-danger">
            <TriangleAlert aria-hidden className="size-3" />
            {deadline}
          </span>
        )}
      </p>
    </div>
  );
}
