import { connection } from "next/server";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { StatusDot } from "@/components/ui/status-dot";
import { probeUpstream, type ProbeState } from "@/lib/upstream/probe";

const TONE: Record<ProbeState, "success" | "warning" | "danger" | "muted"> = {
  ok: "success",
  rate_limited: "warning",
  key_rejected: "danger",
  disabled: "danger",
  unexpected: "danger",
  unreachable: "danger",
  not_configured: "muted",
};

export default async function HomePage() {
  await connection(); // checked on every visit, never at build time
  const upstream = await probeUpstream();
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-8 px-4 py-10 sm:px-6">
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Darkroom</h1>
        <ThemeToggle />
      </header>
      <section aria-labelledby="status-heading" className="rounded-lg border bg-card p-5 shadow-sm">
        <h2 id="status-heading" className="text-sm font-medium text-muted-foreground">
          System status
        </h2>
        <ul className="mt-3 space-y-3">
          <li className="flex items-baseline gap-3">
            <StatusDot tone="success" />
            <span>Dashboard is up.</span>
          </li>
          <li className="flex items-baseline gap-3" data-testid="upstream-status" data-state={upstream.state}>
            <StatusDot tone={TONE[upstream.state]} />
            <span>
              Generation API: {upstream.message}
              {upstream.latencyMs !== undefined && <span className="text-muted-foreground"> ({upstream.latencyMs} ms)</span>}
            </span>
          </li>
        </ul>
      </section>
    </main>
  );
}
