"use client";

import { lazy, Suspense } from "react";
import type { ConfirmPanelProps } from "./confirm-panel";

// Radix AlertDialog (focus trap, scroll lock, portal) is fetched on first use or when an opener is hovered or
// focused: pages show Hide/Retry/Cancel buttons, but most visits never confirm anything.
const loadPanel = () => import("./confirm-panel");
const ConfirmPanel = lazy(() => loadPanel().then((module) => ({ default: module.ConfirmPanel })));

/** Starts fetching the confirmation's code; give it to an opener's onPointerEnter and onFocus. */
export function prefetchConfirm(): void {
  void loadPanel();
}

/** A confirmation asked before a costly or lasting action; shown while `open`. */
export function ConfirmDialog({ open, ...props }: ConfirmPanelProps & { open: boolean }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmPanel {...props} />
    </Suspense>
  );
}
