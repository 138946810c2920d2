"use client";

import { lazy, Suspense } from "react";
import { useQuery } from "@/lib/query/react";
import { queueOptions } from "@/lib/query/queue";

// Most of the time nothing waits: the panel (its actions, the cancel dialog) loads when something does.
const QueuePanel = lazy(() => import("./queue-panel").then((module) => ({ default: module.QueuePanel })));

export interface QueueViewer {
  id: string;
  /** Members and admins may act on their own submissions; viewers only look. */
  canEdit: boolean;
  isAdmin: boolean;
}

/** The gallery's queue: shown while submissions wait to be sent, need a decision, or the queue is paused or held. */
export function QueueStrip({ viewer }: { viewer: QueueViewer }) {
  const { data } = useQuery(queueOptions());
  if (!data || (!data.submissions.length && !data.held && !data.paused && !data.attention.length)) return null;
  return (
    <Suspense>
      <QueuePanel data={data} viewer={viewer} />
    </Suspense>
  );
}
