import { createExportToken, exportTokens } from "@/lib/exports/tokens";
import { withUser } from "@/lib/http/handler";

// Admins' export tokens: the live ones (whose, created, last used), and a new one for the admin asking,
// answered once (only its hash is kept) and replacing their previous one.
export const GET = withUser({ role: "admin" }, async () =>
  Response.json({ tokens: await exportTokens() }, { headers: { "Cache-Control": "no-store" } }),
);

export const POST = withUser({ role: "admin" }, async ({ user }) => {
  const { token, view } = await createExportToken(user);
  return Response.json({ token, tokenInfo: view }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
