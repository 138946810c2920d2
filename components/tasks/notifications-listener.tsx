"use client";

import { useState } from "react";
import { createNotifier } from "@/lib/notifications";
import { browserDeps } from "@/lib/notifications-browser";
import { useServerEvents } from "@/lib/query/events";

/** Mounted only while notifications are on, so a page that does not want them opens no event stream for them. */
export function NotificationsListener() {
  const [notifier] = useState(() => createNotifier(browserDeps));
  useServerEvents({ task: (event) => void notifier.onTask(event), submission: (event) => void notifier.onSubmission(event) });
  return null;
}
