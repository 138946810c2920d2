"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { TaskView } from "@/lib/schemas/views";
import { Placeholder } from "./recent-results-placeholder";

// "Your recent results" (its cards, thumbnails and quick actions) loads when its place comes near the screen, or
// once someone starts on the form (`engaged`, so a keyboard user tabbing on finds it there): on a phone it sits
// below the form, and its code was the largest part of the workspace's first screen that nobody sees at first
// (issue 28: ≤ 150 KiB of script). Beside the form, on a wide screen, it is in view and loads at once.
const loadRecentResults = () => import("./recent-results");
const RecentResults = lazy(() => loadRecentResults().then((module) => ({ default: module.RecentResults })));
export const preloadRecentResults = () => void loadRecentResults();

/** How far below the screen its place starts loading: a scroll's worth, so it is usually ready when reached. */
const AHEAD = "400px 0px";

interface RecentResultsSlotProps {
  tasks: readonly TaskView[];
  loading: boolean;
  /** The person has started on the form: load now, wherever the section is. */
  engaged: boolean;
}

export function RecentResultsSlot({ tasks, loading, engaged }: RecentResultsSlotProps) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const show = near || engaged;
  useEffect(() => {
    const element = place.current;
    if (show || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [show]);
  // Nothing to show: no code to load (the workspace then says where results will appear).
  if (!loading && tasks.length === 0) return null;
  if (!show)
    return (
      <div ref={place}>
        <Placeholder />
      </div>
    );
  return (
    <Suspense fallback={<Placeholder />}>
      <RecentResults tasks={tasks} loading={loading} />
    </Suspense>
  );
}
