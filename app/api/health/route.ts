import { probeUpstream } from "@/lib/upstream/probe";

// Readiness for load balancers and the launcher: answers without a session and says nothing secret.
export async function GET() {
  const upstream = await probeUpstream();
  return Response.json(
    { ok: true, upstream: { configured: upstream.state !== "not_configured", state: upstream.state } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
