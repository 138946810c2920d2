"use client";

import { useEffect, useState } from "react";
import { TaskProgress } from "@/components/shared/task-progress";
import type { TaskEstimate } from "@/lib/schemas/views";

/** The shared progress bar, ticking each second in the browser (the page itself is rendered once on the server). */
export function RunningProgress({ createdAt, estimate }: { createdAt: string; estimate?: TaskEstimate | null }) {
  const [now, setNow] = useState(0);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now ? <TaskProgress createdAt={createdAt} estimate={estimate} now={now} /> : <div className="h-6" aria-hidden />;
}
