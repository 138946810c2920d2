import { database } from "@/lib/db";
import { pingDatabase } from "@/lib/db/health";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Readiness for load balancers and the launcher: no session needed, nothing secret said. It does not call
// the upstream, so frequent checks never spend the API key's rate budget.
export async function GET() {
  let databaseState = "ok";
  try {
    await pingDatabase(database().db);
  } catch (error) {
    log.error({ err: error }, "health: database unreachable");
    databaseState = "unreachable";
  }
  const upstreamConfigured = Boolean(env.GENERATION_API_BASE_URL && env.GENERATION_API_KEY);
  const ok = databaseState === "ok";
  return Response.json(
    { ok, database: databaseState, upstream: { configured: upstreamConfigured } },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
