import { database } from "@/lib/db";
import { withUser } from "@/lib/http/handler";
import { checkConnection, TEST_MAX_AGE_MS } from "@/lib/upstream/connection-check";

// One authenticated upstream request, reported in plain words. It spends one of the key's requests, so it
// is for admins (who manage the connection), goes through the shared budget and runs at most every 10 s.
export const POST = withUser({ role: "admin" }, async () =>
  Response.json(await checkConnection({ connection: database(), maxAgeMs: TEST_MAX_AGE_MS }), { headers: { "Cache-Control": "no-store" } }),
);
