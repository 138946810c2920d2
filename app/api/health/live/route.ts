import { withPublic } from "@/lib/http/handler";

// Liveness: the process answers. Checks nothing else, so an orchestrator restarts only a process that hangs.
export const GET = withPublic({}, async () => Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } }));
