"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { SubmissionCard } from "./submission-card";
import type { Tracked } from "./session-store";

/** The submissions made from this tab, newest first; clearing the list only stops following them. */
interface SubmissionListProps {
  tracked: readonly Tracked[];
  onClear: () => void;
  onShowField: (submission: Tracked) => void;
  /** The newest submission's id when it has just been made: its card is brought into view. */
  reveal?: string;
}

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function SubmissionList({ tracked, onClear, onShowField, reveal }: SubmissionListProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!reveal) return;
    const card = list.current?.querySelector(`[data-submission-id="${CSS.escape(reveal)}"]`);
    // "nearest": on a wide screen the card is usually in view already and nothing moves; on a phone the page
    // scrolls down from the form to it.
    card?.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [reveal]);
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
      <ul ref={list} className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-3">
        {tracked.map((item) => (
          <SubmissionCard key={item.id} tracked={item} onShowField={onShowField} />
        ))}
      </ul>
    </section>
  );
}
