"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

// Server errors arrive here without their message (Next.js hides it in production), so say what to do.
export default function DashboardError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert tone="danger" role="alert" title="This page could not be loaded">
      <p>Something went wrong on the server. Try again; if it keeps happening, check the server log.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => retry()}>
        Try again
      </Button>
    </Alert>
  );
}
