import { accessTokensOf, createAccessToken } from "@/lib/gateway/tokens";
import { withUser } from "@/lib/http/handler";
import { newAccessTokenSchema } from "@/lib/schemas/access-tokens";

// A member's personal access tokens for scripts (Darkroom's /v1/… routes): their live ones, and a new one,
// answered once (only its hash is kept). Viewers cannot spend credits, so they have none.
export const GET = withUser({ role: "member" }, async ({ user }) =>
  Response.json({ tokens: await accessTokensOf(user) }, { headers: { "Cache-Control": "no-store" } }),
);

export const POST = withUser({ role: "member", body: newAccessTokenSchema }, async ({ user, body }) => {
  const { token, view } = await createAccessToken(user, body);
  return Response.json({ token, tokenInfo: view }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
