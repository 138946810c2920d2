// Client-safe, zod-free: what the sign-in page and the Settings card show of single sign-on.
import type { Role } from "@/lib/members/roles";

export interface SsoButton {
  id: string;
  label: string;
}

export interface SsoProviderView {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  /** Never the secret itself: whether one is stored. */
  clientSecretSet: boolean;
  scopes: string;
  allowedDomains: string[];
  defaultRole: Role;
  groupsClaim: string | null;
  groupRoles: Record<Role, string[]>;
  groupsOnly: boolean;
  /** From SSO_PROVIDERS in the environment: shown, changed only there. */
  fromEnvironment: boolean;
  /** What to register at the provider as the redirect (callback) URL. */
  redirectUrl: string;
}

/** `everyone`: any member may sign in with a password; `admins`: only admins (first admin, break-glass). */
export type PasswordPolicy = "everyone" | "admins";

export interface SsoSettingsView {
  providers: SsoProviderView[];
  passwords: PasswordPolicy;
  /** Minutes between the provider's re-checks of a signed-in member (SSO_RECHECK_MINUTES). */
  recheckMinutes: number;
}

/** Why a single sign-on did not sign someone in, as the sign-in page's `?sso_error=` carries it. */
export const SSO_ERRORS = {
  access_denied: "The identity provider did not let you in (you cancelled, or your account there may not use Darkroom).",
  domain_not_allowed: "Your email address is not in a domain this team allows. Sign in with your work account, or ask an admin.",
  email_missing: "The identity provider did not share your email address, so Darkroom cannot tell who you are. Ask an admin.",
  email_unverified:
    "A Darkroom account with your email exists, but the identity provider does not say the address is verified, so they were not linked. Ask an admin.",
  group_not_allowed: "Your account at the identity provider is not in a group allowed to use Darkroom. Ask an admin to add you.",
  account_disabled: "This Darkroom account is disabled. Ask an admin to enable it.",
  state_mismatch: "This sign-in link was already used, has expired, or was started in another browser. Start again from this page.",
  provider_unknown: "This sign-in option no longer exists. Choose another, or ask an admin.",
  provider_unreachable: "Darkroom could not reach the identity provider. Try again in a moment; if it keeps failing, tell an admin.",
  provider_refused:
    "The identity provider's answer could not be trusted (its signature or checks failed), so you were not signed in. Try again, or tell an admin.",
  failed: "Single sign-on did not complete. Try again, or tell an admin.",
} as const;

export type SsoErrorCode = keyof typeof SSO_ERRORS;

export function ssoErrorMessage(code: string | undefined): string | null {
  if (!code) return null;
  return code in SSO_ERRORS ? SSO_ERRORS[code as SsoErrorCode] : SSO_ERRORS.failed;
}
