// Shared by dialog and alert-dialog. `starting:` animates the opening only: Radix removes the
// content at once on close, which keeps closing instant and predictable.
export const overlayClass =
  "fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none";

export const panelClass = "fixed z-50 bg-card text-foreground shadow-xl transition duration-150 outline-none motion-reduce:transition-none";

/** A card in the middle of the screen; add its widest width (max-w-*). */
export const centeredPanelClass =
  "top-1/2 left-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-xl border p-5 sm:p-6 starting:scale-95 starting:opacity-0";
