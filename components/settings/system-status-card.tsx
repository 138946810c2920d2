import { connection } from "next/server";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { StatusDot } from "@/components/ui/status-dot";
import { database } from "@/lib/db";
import { checkConnection, PAGE_MAX_AGE_MS } from "@/lib/upstream/connection-check";
import { PROBE_TONE } from "./probe-tone";

/** The upstream check, at most a minute old (a page view does not spend a request each time); render inside Suspense. */
export async function SystemStatusCard() {
  await connection(); // checked on every visit, never at build time
  const upstream = await checkConnection({ connection: database(), maxAgeMs: PAGE_MAX_AGE_MS });
  return (
    <StatusCardFrame>
      <li className="flex items-baseline gap-3" data-testid="upstream-status" data-state={upstream.state}>
        <StatusDot tone={PROBE_TONE[upstream.state]} />
        <span>
          Generation API: {upstream.message}
          {upstream.latencyMs !== undefined && <span className="text-muted-foreground"> ({upstream.latencyMs} ms)</span>}
        </span>
      </li>
    </StatusCardFrame>
  );
}

export function SystemStatusSkeleton() {
  return (
    <StatusCardFrame>
      <li className="flex items-baseline gap-3 text-muted-foreground">
        <StatusDot tone="muted" />
        <span>Generation API: checking…</span>
      </li>
    </StatusCardFrame>
  );
}

function StatusCardFrame({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-sm font-medium text-muted-foreground">System status</h2>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3 text-sm sm:text-base">
          <li className="flex items-baseline gap-3">
            <StatusDot tone="success" />
            <span>Dashboard is up.</span>
          </li>
          {children}
        </ul>
      </CardContent>
    </Card>
  );
}
