import { removeSsoProvider, saveSsoProvider } from "@/lib/auth/sso/providers";
import { ssoSettingsView } from "@/lib/auth/sso/settings";
import { withUser } from "@/lib/http/handler";
import { parseWith } from "@/lib/http/body";
import { ssoIdSchema, ssoProviderInputSchema } from "@/lib/schemas/sso";

// One provider (admins): PUT sets it up or changes it (an empty secret keeps the stored one), DELETE removes it.
// Its id is the redirect URL's last part, so it is chosen once and never renamed.
const idOf = (params: Record<string, unknown>) => parseWith(ssoIdSchema, params.id);

export const PUT = withUser({ role: "admin", body: ssoProviderInputSchema }, async ({ request, user, body, params }) => {
  await saveSsoProvider(user, idOf(params), body);
  return Response.json(await ssoSettingsView(request.headers, new URL(request.url).host));
});

export const DELETE = withUser({ role: "admin" }, async ({ request, user, params }) => {
  await removeSsoProvider(user, idOf(params));
  return Response.json(await ssoSettingsView(request.headers, new URL(request.url).host));
});
