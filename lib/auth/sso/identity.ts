import "server-only";
import type { Role } from "@/lib/members/roles";
import type { SsoProvider } from "./providers";

// What the provider says about a person, read tolerantly from the ID token's claims (and userinfo), and the
// provider's rules applied to it: allowed domains, the groups claim's roles, "these groups only".

export interface SsoIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** Null when the provider has no groups claim configured, or did not send it. */
  groups: string[] | null;
}

type Claims = Record<string, unknown>;

/** A claim at a name, or at a dotted path (Keycloak's `realm_access.roles`). */
function claimAt(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  return name
    .split(".")
    .reduce<unknown>((value, part) => (value && typeof value === "object" ? (value as Claims)[part] : undefined), claims);
}

export function identityOf(claims: Claims, provider: SsoProvider): SsoIdentity {
  const email = typeof claims.email === "string" && claims.email.includes("@") ? claims.email.trim().toLowerCase() : null;
  // Some providers send "true" as a string.
  const emailVerified = claims.email_verified === true || claims.email_verified === "true";
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 100) : null;
  let groups: string[] | null = null;
  if (provider.groupsClaim) {
    const value = claimAt(claims, provider.groupsClaim);
    if (Array.isArray(value)) groups = value.filter((group): group is string => typeof group === "string");
    else if (typeof value === "string") groups = [value];
  }
  return { subject: String(claims.sub), email, emailVerified, name, groups };
}

export function needsUserinfo(claims: Claims, provider: SsoProvider): boolean {
  return typeof claims.email !== "string" || (provider.groupsClaim !== null && claimAt(claims, provider.groupsClaim) === undefined);
}

export function domainAllowed(provider: SsoProvider, email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1);
  return provider.allowedDomains.includes(domain);
}

/** The highest role whose groups include one of the person's, or null when none does. */
export function roleFromGroups(provider: SsoProvider, groups: string[] | null): Role | null {
  if (!groups) return null;
  const held = new Set(groups);
  for (const role of ["admin", "member", "viewer"] as const) if (provider.groupRoles[role].some((group) => held.has(group))) return role;
  return null;
}

export type IdentityRefusal = "email_missing" | "domain_not_allowed" | "group_not_allowed";

/** The provider's own rules, asked at sign-in and again at each re-check. */
export function judgeIdentity(provider: SsoProvider, identity: SsoIdentity): IdentityRefusal | null {
  if (!identity.email) return "email_missing";
  if (!domainAllowed(provider, identity.email)) return "domain_not_allowed";
  if (provider.groupsOnly && roleFromGroups(provider, identity.groups) === null) return "group_not_allowed";
  return null;
}
