"use client";

import { Suspense, useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A task page's button that opens a panel below it (Share, Add to board). What the panel holds loads on the
 * button's first hover, focus or press (`prefetch`): most visits to a task's page never open it (the page's
 * script budget, issue 28).
 */
export function TaskPagePanel({
  region,
  label,
  icon,
  prefetch,
  children,
}: {
  /** The section's name for screen readers ("Share", "Boards"). */
  region: string;
  /** The button's words. */
  label: string;
  icon: ReactNode;
  prefetch: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-label={region} className="grid gap-3">
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {icon}
        {label}
      </Button>
      {open && (
        <div id={panelId} className="min-w-0 rounded-xl border p-4">
          <Suspense fallback={null}>{children}</Suspense>
        </div>
      )}
    </section>
  );
}
