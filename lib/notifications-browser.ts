// The browser side of lib/notifications.ts: Darkroom's own routes for the facts, the Notification API for
// showing them, and the member's choice kept in localStorage (per browser, like the permission itself).
import type { NotifierDeps, SubmissionInfo, TaskInfo } from "./notifications";

const PREFERENCE = "darkroom:notifications";

export const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

export function notificationsWanted(): boolean {
  // The member's choice first: reading Notification.permission asks the browser's own process (8 ms of a phone's
  // hydration in Chromium), so it is read only for who turned notifications on.
  return localStorage.getItem(PREFERENCE) === "on" && notificationsSupported() && Notification.permission === "granted";
}

/**
 * Turns notifications on or off. Browsers only ask for permission from a user gesture, so this must be
 * called from a click; answers whether notifications are now on.
 */
export async function setNotificationsWanted(on: boolean): Promise<boolean> {
  if (!notificationsSupported()) return false;
  if (on && Notification.permission !== "granted" && (await Notification.requestPermission()) !== "granted") return false;
  localStorage.setItem(PREFERENCE, on ? "on" : "off");
  for (const listener of listeners) listener();
  return on;
}

const listeners = new Set<() => void>();

/** For useSyncExternalStore: toggles on this page re-render every toggle (the header and, say, settings). */
export function subscribeNotificationsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function getJson<T>(url: string, pick: (json: Record<string, unknown>) => T): Promise<T | null> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    return response.ok ? pick((await response.json()) as Record<string, unknown>) : null;
  } catch {
    return null; // offline for a moment: no notification is better than a wrong one
  }
}

export const browserDeps: NotifierDeps = {
  fetchTask: (id) => getJson(`/api/tasks/${encodeURIComponent(id)}`, (json) => json.task as TaskInfo),
  fetchSubmission: (id) => getJson(`/api/submissions/${encodeURIComponent(id)}`, (json) => json.submission as SubmissionInfo),
  fetchWaiting: () => getJson("/api/queue", (json) => json.submissions as SubmissionInfo[]),
  show: ({ title, body, tag }) => {
    if (Notification.permission === "granted") new Notification(title, { body, tag, icon: "/icon.svg" });
  },
};
