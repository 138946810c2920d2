"use client";

import { X } from "lucide-react";
import { useEffect, useState } from "react";

export interface ToastMessage {
  /** A new id shows the toast again even when the text repeats. */
  id: number;
  text: string;
}

const SHOWN_MS = 6000;

/**
 * A short confirmation in the corner, read out by screen readers (role=status, polite): it never takes focus,
 * goes by itself after a few seconds, and can be dismissed.
 */
export function Toast({ message }: { message: ToastMessage | null }) {
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setExpired(message.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const visible = message !== null && dismissed !== message.id && expired !== message.id;
  return (
    // The live region stays in the page so the text is announced when it changes.
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex justify-center sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      {visible && (
        <div className="pointer-events-auto flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium text-foreground shadow-lg">
          <span>{message.text}</span>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => setDismissed(message.id)}
            className="inline-flex size-6 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
