"use client";

// Plain markup on purpose: Next.js loads this boundary with every dashboard page, so it carries no Alert, icons or
// Button of its own (the danger box below matches Alert's tone="danger").
// Server errors arrive here without their message (Next.js hides it in production), so say what to do.
export default function DashboardError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="grid gap-1 rounded-lg border border-danger/40 bg-danger/10 p-3.5 text-sm text-foreground">
      <p className="font-medium">This page could not be loaded</p>
      <p>Something went wrong on the server. Try again; if it keeps happening, check the server log.</p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-2 inline-flex h-8 w-fit cursor-pointer items-center rounded-md border border-muted-foreground/30 px-3 text-sm font-medium hover:bg-muted"
      >
        Try again
      </button>
    </div>
  );
}
