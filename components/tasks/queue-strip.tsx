"use client";

import { useQuery } from "@/lib/query/react";
import { queueOptions } from "@/lib/query/queue";
// With the page's script, not loaded later: when something waits, the server renders the panel above the cards, and
// a panel loaded on its own came in a later piece of the HTML and again after hydration, pushing the cards down.
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
  if (!data || (!data.submissions.length && !data.held && !data.paused && !data.attention.length)) return null;
  return <QueuePanel data={data} viewer={viewer} />;
}
