import { setPasswordPolicy } from "@/lib/auth/sso/passwords";
import { ssoSettingsView } from "@/lib/auth/sso/settings";
import { withUser } from "@/lib/http/handler";
import { passwordPolicySchema } from "@/lib/schemas/sso";

// Single sign-on (admins): the providers (secrets shown only as "set") and whether passwords stay for everyone.
export const GET = withUser({ role: "admin" }, async ({ request }) =>
  Response.json(await ssoSettingsView(request.headers, new URL(request.url).host), { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = withUser({ role: "admin", body: passwordPolicySchema }, async ({ request, user, body }) => {
  await setPasswordPolicy(user, body.passwords);
  return Response.json(await ssoSettingsView(request.headers, new URL(request.url).host));
});
