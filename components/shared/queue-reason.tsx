"use client";

import {
  Ban,
  Clock,
  Coins,
  Gauge,
  KeyRound,
  Layers,
  LoaderCircle,
  Pause,
  RotateCw,
  Send,
  TriangleAlert,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { queueReasonWords, type QueueReason, type QueueReasonCode } from "@/lib/schemas/queue-reasons";
import { cn } from "@/lib/utils";

const ICONS: Record<QueueReasonCode, LucideIcon> = {
  sending: LoaderCircle,
  next: Send,
  video_slot: Layers,
  image_slot: Layers,
  rate_limited: Gauge,
  retrying: RotateCw,
  first_charge: Coins,
  over_budget: Wallet,
  paused: Pause,
  key_refused: KeyRound,
  account_disabled: Ban,
  attention: TriangleAlert,
};

/** Codes a person should notice (nothing moves until someone acts, or the key works again). */
const ALERTING = new Set<QueueReasonCode>(["paused", "key_refused", "account_disabled", "over_budget", "attention"]);

/** The time now, every second while something counts down; 0 until mounted (nothing time-based is server-rendered). */
function useTicking(active: boolean): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = active ? setInterval(tick, 1_000) : undefined;
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}

/** "about 40 s", "about 3 min" until `iso`; nothing when it is now or past. */
function untilWords(iso: string, now: number): string | null {
  const ms = Date.parse(iso) - now;
  if (!(ms > 2_000)) return null;
  return ms < 90_000 ? `about ${Math.ceil(ms / 5_000) * 5} s` : `about ${Math.round(ms / 60_000)} min`;
}

interface QueueReasonProps {
  reason: QueueReason;
  /** When the server expects it to be sent, if it can tell. */
  sendAt?: string | null;
  className?: string;
}

/**
 * Why a submission waits, in the same words in the queue and on its card: the server's reason, worded again
 * each second while it counts down to a time ("API rate limit, next try in 12 s"), with when it should be sent.
 */
export function QueueReasonLine({ reason, sendAt, className }: QueueReasonProps) {
  const now = useTicking(Boolean(reason.until || sendAt));
  const words = now ? queueReasonWords(reason.code, reason.until, now) : reason.words;
  // A time the reason already names ("next try in 12 s") is not said twice.
  const later = sendAt && (!reason.until || Date.parse(sendAt) - Date.parse(reason.until) > 5_000);
  const eta = later && now ? untilWords(sendAt, now) : null;
  const Icon = ICONS[reason.code];
  return (
    <p
      className={cn(
        "flex items-start gap-1.5 text-xs",
        ALERTING.has(reason.code) ? "font-medium text-danger" : "text-muted-foreground",
        className,
      )}
      data-reason={reason.code}
    >
      <Icon aria-hidden className={cn("mt-px size-3.5 shrink-0", reason.code === "sending" && "animate-spin motion-reduce:animate-none")} />
      <span>
        {words}
        {eta && reason.code !== "sending" && reason.code !== "next" && (
          <span className="text-muted-foreground">
            {" "}
            · <Clock aria-hidden className="inline size-3 align-[-1px]" /> sent in {eta}
          </span>
        )}
      </span>
    </p>
  );
}
