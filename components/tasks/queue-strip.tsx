"use client";

import { useQuery } from "@/lib/query/react";
import { queueOptions } from "@/lib/query/queue";
import { queueShows } from "@/lib/query/queue-answer";
// With the strip's script, not loaded on its own: a panel in a Suspense of its own came in a later piece of the
// server's HTML and again after hydration, pushing the cards down. The strip is loaded only when the queue shows
// (lazy-queue-strip.tsx).
import { QueuePanel } from "./queue-panel";

export interface QueueViewer {
  id: string;
  /** Members and admins may act on their own submissions; viewers only look. */
  canEdit: boolean;
  isAdmin: boolean;
}

/** The gallery's queue: shown while submissions wait to be sent, need a decision, or the queue is paused or held. */
export function QueueStrip({ viewer }: { viewer: QueueViewer }) {
  const { data } = useQuery(queueOptions());
  if (!queueShows(data)) return null;
  return <QueuePanel data={data} viewer={viewer} />;
}
