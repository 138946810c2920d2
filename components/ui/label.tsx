"use client";

import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A form label. A double click on its text selects nothing (it focuses the control), as in native apps. */
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    <label
      className={cn("text-sm leading-none font-medium select-none", className)}
      onMouseDown={(event) => {
        // A click on a control inside the label is the control's.
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
