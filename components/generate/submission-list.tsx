"use client";

import { Button } from "@/components/ui/button";
import { SubmissionCard } from "./submission-card";
import type { Tracked } from "./session-store";

/** The submissions made from this tab, newest first; clearing the list only stops following them. */
interface SubmissionListProps {
  tracked: readonly Tracked[];
  onClear: () => void;
  onShowField: (submission: Tracked) => void;
}

export function SubmissionList({ tracked, onClear, onShowField }: SubmissionListProps) {
  if (tracked.length === 0) return null;
  return (
    <section aria-labelledby="generate-submissions" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="generate-submissions" className="text-base font-semibold tracking-tight">
          Submitted from this tab
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear list
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {tracked.map((item) => (
          <SubmissionCard key={item.id} tracked={item} onShowField={onShowField} />
        ))}
      </ul>
    </section>
  );
}
