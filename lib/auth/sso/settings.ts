import "server-only";
import { env } from "@/lib/env";
import type { SsoSettingsView } from "@/lib/schemas/sso-views";
import { passwordPolicy } from "./passwords";
import { listSsoProviders, providerView } from "./providers";

/** What the Settings card and GET /api/settings/sso show (admins): every provider without its secret. */
/** `host`: the request's own, for a redirect URL when its headers name none. */
export async function ssoSettingsView(headers: Headers, host?: string): Promise<SsoSettingsView> {
  return {
    providers: (await listSsoProviders()).map((provider) => providerView(provider, headers, host)),
    passwords: await passwordPolicy(),
    recheckMinutes: env.SSO_RECHECK_MINUTES,
  };
}
