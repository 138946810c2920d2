import { readiness } from "@/lib/health";
import { withPublic } from "@/lib/http/handler";

// Readiness: database migrated and reachable, media store reachable, engine running where this role runs it.
// 200 or 503, each part with its reason. It never calls the upstream, so checks spend no rate budget.
export const GET = withPublic({}, async () => {
  const state = await readiness();
  return Response.json(state, { status: state.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
