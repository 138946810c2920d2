"use client";

import { Bell, BellOff } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { useBrowserValue } from "@/components/shared/use-browser-value";
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
  // The server draws the switch as if the browser can notify (most can), so the header keeps its height when the
  // page hydrates (a phone's layout shift of 0.017 when it appeared then, issue 28); a browser that cannot gets it
  // disabled, saying why.
  const supported = useBrowserValue(subscribeNever, notificationsSupported, () => true);
  const on = useBrowserValue(subscribeNotificationsWanted, notificationsWanted, () => false);
  const [blocked, setBlocked] = useState(false);
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
      <Switch
        id={id}
        checked={on}
        disabled={!supported}
        onCheckedChange={(next) => void change(next)}
        aria-describedby={blocked || !supported ? `${id}-blocked` : undefined}
      />
      <Label htmlFor={id}>Notify me when tasks finish</Label>
      {blocked ? (
        <span id={`${id}-blocked`} role="status" className="text-sm text-muted-foreground">
          Blocked by the browser: allow notifications in this site&apos;s settings.
        </span>
      ) : !supported ? (
        <span id={`${id}-blocked`} className="sr-only">
          This browser cannot show notifications.
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
