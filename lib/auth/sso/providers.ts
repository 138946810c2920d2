import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { dbBool, fromDbBool } from "@/lib/db/booleans";
import { deleteSsoProviderRow, listSsoProviderRows, upsertSsoProviderRow, type SsoProviderRow } from "@/lib/db/sso";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import { ROLES, type Role } from "@/lib/members/roles";
import { DEFAULT_SSO_SCOPES, type SsoProviderInput } from "@/lib/schemas/sso";
import type { SsoButton, SsoProviderView } from "@/lib/schemas/sso-views";
import { forgetDiscovery } from "./discovery";
import { seal, unseal } from "./sealed";

// The providers: those of SSO_PROVIDERS (read-only here) and those admins set up in Settings. An id names one
// provider in both the redirect URL and the links; the environment's win a clash, since Settings cannot change them.

export interface SsoProvider {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  /** Null when a stored secret can no longer be opened (AUTH_SECRET changed): it must be entered again. */
  clientSecret: string | null;
  scopes: string;
  allowedDomains: string[];
  defaultRole: Role;
  groupsClaim: string | null;
  groupRoles: Record<Role, string[]>;
  groupsOnly: boolean;
  fromEnvironment: boolean;
}

const asRole = (value: string): Role => ((ROLES as readonly string[]).includes(value) ? (value as Role) : "viewer");

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function fromRow(row: SsoProviderRow): SsoProvider {
  const groupRoles = parseJson<Partial<Record<Role, string[]>>>(row.group_roles, {});
  return {
    id: row.id,
    label: row.label,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: unseal(row.client_secret),
    scopes: row.scopes,
    allowedDomains: parseJson<string[]>(row.allowed_domains, []),
    defaultRole: asRole(row.default_role),
    groupsClaim: row.groups_claim,
    groupRoles: { admin: groupRoles.admin ?? [], member: groupRoles.member ?? [], viewer: groupRoles.viewer ?? [] },
    groupsOnly: fromDbBool(row.groups_only),
    fromEnvironment: false,
  };
}

function fromEnv(): SsoProvider[] {
  return env.SSO_PROVIDERS.map((provider) => ({
    ...provider,
    scopes: provider.scopes || DEFAULT_SSO_SCOPES,
    fromEnvironment: true,
  }));
}

export async function listSsoProviders(): Promise<SsoProvider[]> {
  const own = fromEnv();
  const stored = (await listSsoProviderRows(database().db)).map(fromRow).filter((row) => !own.some((provider) => provider.id === row.id));
  return [...own, ...stored];
}

export async function getSsoProvider(id: string): Promise<SsoProvider | undefined> {
  return (await listSsoProviders()).find((provider) => provider.id === id);
}

/** The sign-in page's buttons: id and label only. */
export async function ssoButtons(): Promise<SsoButton[]> {
  return (await listSsoProviders()).map(({ id, label }) => ({ id, label }));
}

export const redirectPath = (id: string) => `/api/auth/sso/callback/${id}`;

/** `host`: the request's own, when its headers name none (a page render always has Host). */
export function providerView(provider: SsoProvider, headers: Headers, host?: string): SsoProviderView {
  const { clientSecret, ...rest } = provider;
  return { ...rest, clientSecretSet: clientSecret !== null, redirectUrl: `${publicOrigin(headers, host)}${redirectPath(provider.id)}` };
}

export async function saveSsoProvider(admin: SessionUser, id: string, input: SsoProviderInput): Promise<void> {
  if (env.SSO_PROVIDERS.some((provider) => provider.id === id))
    throw new AppError("conflict:sso_provider", "This provider comes from SSO_PROVIDERS in the environment; change it there.");
  const { db } = database();
  const existing = (await listSsoProviderRows(db)).find((row) => row.id === id);
  const secret = input.clientSecret?.trim();
  if (!secret && !existing) {
    const message = "Enter the client secret the provider gave you.";
    throw new AppError("invalid:client_secret", message, { clientSecret: message });
  }
  if (input.groupsOnly && (!input.groupsClaim || Object.values(input.groupRoles).every((groups) => groups.length === 0))) {
    const message = "To let only certain groups in, name the groups claim and list at least one group.";
    throw new AppError("invalid:groups_only", message, { groupsOnly: message });
  }
  const now = new Date().toISOString();
  await upsertSsoProviderRow(db, {
    id,
    label: input.label,
    issuer: input.issuer,
    client_id: input.clientId,
    client_secret: secret ? seal(secret) : existing!.client_secret,
    scopes: input.scopes || DEFAULT_SSO_SCOPES,
    allowed_domains: JSON.stringify(input.allowedDomains),
    default_role: input.defaultRole,
    groups_claim: input.groupsClaim,
    group_roles: JSON.stringify(input.groupRoles),
    groups_only: dbBool(input.groupsOnly),
    created_at: existing?.created_at ?? now,
    updated_at: now,
  });
  forgetDiscovery(id);
  // What changed, never the secret: whether a new one was given.
  await recordAudit(db, {
    actorId: admin.id,
    action: existing ? "sso.provider_change" : "sso.provider_add",
    subjectId: id,
    detail: { issuer: input.issuer, newSecret: Boolean(secret), allowedDomains: input.allowedDomains, defaultRole: input.defaultRole },
  });
}

export async function removeSsoProvider(admin: SessionUser, id: string): Promise<void> {
  if (env.SSO_PROVIDERS.some((provider) => provider.id === id))
    throw new AppError("conflict:sso_provider", "This provider comes from SSO_PROVIDERS in the environment; remove it there.");
  const { db } = database();
  if (!(await deleteSsoProviderRow(db, { id }))) throw new AppError("not_found:sso_provider", "No provider with this id.");
  forgetDiscovery(id);
  await recordAudit(db, { actorId: admin.id, action: "sso.provider_remove", subjectId: id });
}
