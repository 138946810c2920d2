"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { ROLE_INFO, ROLES } from "@/lib/members/roles";
import { errorMessage } from "@/lib/query/fetch-json";
import { useRemoveSsoProvider, useSetPasswordPolicy } from "@/lib/query/sso";
import type { SsoProviderView, SsoSettingsView } from "@/lib/schemas/sso-views";
import { SsoProviderForm } from "./sso-provider-form";

function ProviderFacts({ provider }: { provider: SsoProviderView }) {
  const groups = ROLES.filter((role) => provider.groupRoles[role].length > 0).map(
    (role) => `${ROLE_INFO[role].label}: ${provider.groupRoles[role].join(", ")}`,
  );
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] [&_dd]:min-w-0 [&_dd]:break-words [&_dt]:text-muted-foreground">
      <dt>Redirect URL</dt>
      <dd>
        <code className="break-all">{provider.redirectUrl}</code>
      </dd>
      <dt>Issuer</dt>
      <dd className="break-all">{provider.issuer}</dd>
      <dt>Client</dt>
      <dd className="break-all">
        {provider.clientId} · secret {provider.clientSecretSet ? "set" : "missing: enter it again"}
      </dd>
      <dt>Email domains</dt>
      <dd>{provider.allowedDomains.join(", ")}</dd>
      <dt>New accounts</dt>
      <dd>{ROLE_INFO[provider.defaultRole].label}</dd>
      {provider.groupsClaim && (
        <>
          <dt>Groups ({provider.groupsClaim})</dt>
          <dd>
            {groups.join("; ") || "none mapped"}
            {provider.groupsOnly && " · only these groups may sign in"}
          </dd>
        </>
      )}
    </dl>
  );
}

/** Single sign-on (admins): the providers, each with the redirect URL to register there, and who keeps passwords. */
export function SsoCard({ settings }: { settings: SsoSettingsView }) {
  const router = useRouter();
  // The provider being changed ("" for a new one), and the one being removed.
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useRemoveSsoProvider();
  const passwords = useSetPasswordPolicy();
  const done = () => {
    setEditing(null);
    router.refresh();
  };
  const hasProviders = settings.providers.length > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Single sign-on</CardTitle>
        <CardDescription>
          People sign in through your identity provider (OpenID Connect). Their provider is asked again every {settings.recheckMinutes}{" "}
          minutes while they use Darkroom; once it refuses them, their sessions and tokens end.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.providers.map((provider) =>
          editing === provider.id ? (
            <SsoProviderForm key={provider.id} provider={provider} onDone={done} />
          ) : (
            <section key={provider.id} className="grid gap-3 rounded-lg border p-4" aria-label={provider.label}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="min-w-0 font-medium break-words">{provider.label}</h3>
                {provider.fromEnvironment && <Badge>From the environment</Badge>}
              </div>
              <ProviderFacts provider={provider} />
              {!provider.fromEnvironment && (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing(provider.id)}>
                    Change
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    pending={remove.isPending && removing === provider.id}
                    onClick={() => {
                      setRemoving(provider.id);
                      remove.mutate(provider.id, { onSuccess: done });
                    }}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </section>
          ),
        )}
        <FormError message={remove.isError ? errorMessage(remove.error) : undefined} />
        {editing === "" ? (
          <SsoProviderForm onDone={done} />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setEditing("")}>
              Add a provider
            </Button>
          </div>
        )}
        <fieldset className="grid gap-2 text-sm">
          <legend className="mb-1 font-medium">Passwords</legend>
          {(
            [
              ["everyone", "Everyone may also sign in with a password"],
              ["admins", "Only admins may sign in with a password (first admin and break-glass); everyone else uses single sign-on"],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-start gap-2">
              <input
                type="radio"
                name="passwords"
                value={value}
                className="mt-0.5 size-4"
                checked={settings.passwords === value}
                disabled={passwords.isPending || (value === "admins" && !hasProviders && settings.passwords !== "admins")}
                onChange={() => passwords.mutate(value, { onSuccess: () => router.refresh() })}
              />
              {text}
            </label>
          ))}
          {!hasProviders && settings.passwords !== "admins" && (
            <p className="text-xs text-muted-foreground">Set up a provider before turning passwords off for members.</p>
          )}
          <FormError message={passwords.isError ? errorMessage(passwords.error) : undefined} />
        </fieldset>
      </CardContent>
    </Card>
  );
}
