import { withUser } from "@/lib/http/handler";
import { probeUpstream } from "@/lib/upstream/probe";

// One authenticated upstream request, reported in plain words. It spends no credits, so every role may run it.
export const POST = withUser({}, async () => Response.json(await probeUpstream(), { headers: { "Cache-Control": "no-store" } }));
