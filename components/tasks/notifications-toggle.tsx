"use client";

import { Bell, BellOff } from "lucide-react";
import { lazy, Suspense, useId, useState, useSyncExternalStore } from "react";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import {
  notificationsSupported,
  notificationsWanted,
  setNotificationsWanted,
  subscribeNotificationsWanted,
} from "@/lib/notifications-browser";

const subscribeNever = () => () => {};
// Mounted only while notifications are on: the notifier's code loads for who turned them on, not with the page.
const NotificationsListener = lazy(() => import("./notifications-listener").then((module) => ({ default: module.NotificationsListener })));

/**
 * "Notify me" for the Tasks page header: opt-in browser notifications when a task or a whole "Runs: N"
 * batch finishes, while a Darkroom tab is open. Permission is asked only when the switch is turned on.
 */
export function NotificationsToggle() {
  const id = useId();
  const supported = useSyncExternalStore(subscribeNever, notificationsSupported, () => false);
  const on = useSyncExternalStore(subscribeNotificationsWanted, notificationsWanted, () => false);
  const [blocked, setBlocked] = useState(false);
  if (!supported) return null;

  const change = async (next: boolean) => {
    const now = await setNotificationsWanted(next);
    setBlocked(next && !now);
  };

  return (
    <div className="flex items-center gap-2">
      {on ? (
        <Bell aria-hidden className="size-4 text-muted-foreground" />
      ) : (
        <BellOff aria-hidden className="size-4 text-muted-foreground" />
      )}
      <Switch id={id} checked={on} onCheckedChange={(next) => void change(next)} aria-describedby={blocked ? `${id}-blocked` : undefined} />
      <Label htmlFor={id}>Notify me when tasks finish</Label>
      {blocked ? (
        <span id={`${id}-blocked`} role="status" className="text-sm text-muted-foreground">
          Blocked by the browser: allow notifications in this site&apos;s settings.
        </span>
      ) : null}
      {on ? (
        <Suspense fallback={null}>
          <NotificationsListener />
        </Suspense>
      ) : null}
    </div>
  );
}
