"use client";

import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { queueOptions } from "@/lib/query/tasks";
import { modelLabel } from "./task-format";

/** Submissions still waiting to be sent, at the top of the gallery with their place in line. */
export function QueueStrip() {
  const { data } = useQuery(queueOptions());
  const waiting = data?.submissions ?? [];
  const held = data?.held;
  if (!waiting.length && !held) return null;
  return (
    <section aria-labelledby="queue-heading" className="grid gap-3 rounded-xl border border-dashed bg-card/60 p-3 sm:p-4">
      {held && (
        <Alert tone="danger" title="The queue is on hold">
          {held.message ?? "The generation service refused Darkroom's API key; an admin has been told. Nothing waiting is lost."}
        </Alert>
      )}
      <h2 id="queue-heading" className="flex items-center gap-2 text-sm font-semibold">
        <Clock className="size-4 text-muted-foreground" aria-hidden />
        Waiting to be sent ({waiting.length})
        {data?.paused && <span className="font-normal text-muted-foreground"> · the queue is paused</span>}
      </h2>
      <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {waiting.map((submission) => (
          <li key={submission.id} className="grid gap-0.5 rounded-lg border bg-card p-2.5 text-sm">
            <span className="font-medium">
              <span className="tabular-nums">#{submission.position ?? "–"}</span> · {modelLabel(submission.model)}
              <span className="sr-only">, position {submission.position} in the queue</span>
            </span>
            <span className="truncate text-muted-foreground">{submission.prompt ?? "No prompt"}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
