"use client";

import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";

/**
 * Why a submit was refused, shown beside the button that sent it and focused when it appears (issue 45): an alert
 * at the top of a long form was off screen after the click, and focus fell to the page, so to the person nothing
 * happened. Focusing it scrolls it into view and has a screen reader read it. `occurrence` is anything that
 * changes each time the refusal is given again (the same words twice are still a new refusal to point at).
 */
export function SubmitRefusal({ message, occurrence }: { message?: string | null; occurrence?: unknown }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) element.current?.focus();
  }, [message, occurrence]);
  if (!message) return null;
  return (
    <Alert ref={element} tone="danger" role="alert" tabIndex={-1} className="outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {message}
    </Alert>
  );
}
