import { sql } from "kysely";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Readiness for load balancers and the launcher: no session needed, nothing secret said. It does not call
// the upstream, so frequent checks never spend the API key's rate budget.
export async function GET() {
  let database = "ok";
  try {
    await sql`select 1`.execute(db());
  } catch (error) {
    log.error({ err: error }, "health: database unreachable");
    database = "unreachable";
  }
  const upstreamConfigured = Boolean(env.GENERATION_API_BASE_URL && env.GENERATION_API_KEY);
  const ok = database === "ok";
  return Response.json({ ok, database, upstream: { configured: upstreamConfigured } }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
