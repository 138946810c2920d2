"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ROLES, ROLE_INFO, type Role } from "@/lib/members/roles";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { useSaveSsoProvider } from "@/lib/query/sso";
import type { SsoProviderView } from "@/lib/schemas/sso-views";

const splitList = (text: string) =>
  text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Sets up a provider, or changes one (its id stays: it is part of the redirect URL registered at the provider). */
export function SsoProviderForm({ provider, onDone }: { provider?: SsoProviderView; onDone: () => void }) {
  const save = useSaveSsoProvider();
  const [id, setId] = useState(provider?.id ?? "");
  const [label, setLabel] = useState(provider?.label ?? "Sign in with SSO");
  const [issuer, setIssuer] = useState(provider?.issuer ?? "");
  const [clientId, setClientId] = useState(provider?.clientId ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [scopes, setScopes] = useState(provider?.scopes ?? "openid email profile");
  const [domains, setDomains] = useState(provider?.allowedDomains.join(", ") ?? "");
  const [defaultRole, setDefaultRole] = useState<Role>(provider?.defaultRole ?? "viewer");
  const [groupsClaim, setGroupsClaim] = useState(provider?.groupsClaim ?? "");
  const [groups, setGroups] = useState<Record<Role, string>>({
    admin: provider?.groupRoles.admin.join(", ") ?? "",
    member: provider?.groupRoles.member.join(", ") ?? "",
    viewer: provider?.groupRoles.viewer.join(", ") ?? "",
  });
  const [groupsOnly, setGroupsOnly] = useState(provider?.groupsOnly ?? false);
  const fields = save.error instanceof ApiError ? save.error.fields : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        id: id.trim(),
        input: {
          label,
          issuer,
          clientId,
          clientSecret,
          scopes,
          allowedDomains: splitList(domains),
          defaultRole,
          groupsClaim: groupsClaim.trim() || null,
          groupRoles: { admin: splitList(groups.admin), member: splitList(groups.member), viewer: splitList(groups.viewer) },
          groupsOnly,
        },
      },
      { onSuccess: onDone },
    );
  }

  const known = new Set(Object.keys(fields));
  const unplaced = save.isError && ![...known].some((key) => FIELDS.has(key)) ? errorMessage(save.error) : undefined;
  return (
    <form
      className="grid gap-4 rounded-lg border p-4"
      onSubmit={submit}
      noValidate
      aria-label={provider ? `Change ${provider.label}` : "New provider"}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Id" error={fields.id} description="Lowercase letters, digits and hyphens; part of the redirect URL.">
          <Input value={id} onChange={(e) => setId(e.target.value)} disabled={Boolean(provider)} autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField label="Button label" error={fields.label}>
          <Input value={label} onChange={(e) => setLabel(e.target.value)} />
        </FormField>
        <FormField label="Issuer URL" error={fields.issuer} className="sm:col-span-2">
          <Input
            type="url"
            value={issuer}
            onChange={(e) => setIssuer(e.target.value)}
            placeholder="https://sso.example.com/realms/team"
            spellCheck={false}
          />
        </FormField>
        <FormField label="Client id" error={fields.clientId}>
          <Input value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField
          label="Client secret"
          error={fields.clientSecret}
          description={provider?.clientSecretSet ? "Set. Leave empty to keep it." : "Kept on the server; never shown again."}
        >
          <Input type="password" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} autoComplete="new-password" />
        </FormField>
        <FormField label="Allowed email domains" error={fields.allowedDomains} description="Comma-separated, such as example.com.">
          <Input value={domains} onChange={(e) => setDomains(e.target.value)} spellCheck={false} />
        </FormField>
        <FormField label="Role of new accounts" error={fields.defaultRole}>
          <Select value={defaultRole} onChange={(e) => setDefaultRole(e.target.value as Role)}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_INFO[role].label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Scopes" error={fields.scopes}>
          <Input value={scopes} onChange={(e) => setScopes(e.target.value)} spellCheck={false} />
        </FormField>
        <FormField
          label="Groups claim"
          error={fields.groupsClaim}
          description="Such as groups, or roles; empty: no group rules. The groups below are comma-separated."
        >
          <Input value={groupsClaim} onChange={(e) => setGroupsClaim(e.target.value)} spellCheck={false} />
        </FormField>
        {ROLES.map((role) => (
          <FormField key={role} label={`${ROLE_INFO[role].label} groups`} error={fields[`groupRoles.${role}`]}>
            <Input value={groups[role]} onChange={(e) => setGroups({ ...groups, [role]: e.target.value })} spellCheck={false} />
          </FormField>
        ))}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={groupsOnly} onChange={(e) => setGroupsOnly(e.target.checked)} className="size-4" />
        Only people in these groups may sign in
      </label>
      {fields.groupsOnly && <p className="text-sm text-danger">{fields.groupsOnly}</p>}
      <FormError message={unplaced} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={save.isPending}>
          {provider ? "Save provider" : "Add provider"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const FIELDS = new Set([
  "id",
  "label",
  "issuer",
  "clientId",
  "clientSecret",
  "allowedDomains",
  "defaultRole",
  "scopes",
  "groupsClaim",
  "groupsOnly",
  "groupRoles.admin",
  "groupRoles.member",
  "groupRoles.viewer",
]);
