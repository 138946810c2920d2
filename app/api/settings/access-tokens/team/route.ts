import { teamAccessTokens } from "@/lib/gateway/tokens";
import { withUser } from "@/lib/http/handler";

// Every other member's live access tokens, with whose they are: admins manage them (and revoke any through
// DELETE /api/settings/access-tokens/{id}). No secret is in them: only its hash is kept.
export const GET = withUser({ role: "admin" }, async ({ user }) =>
  Response.json({ tokens: await teamAccessTokens(user) }, { headers: { "Cache-Control": "no-store" } }),
);
