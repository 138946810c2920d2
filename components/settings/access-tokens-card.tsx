"use client";

import { KeyRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LocalOnlyNote } from "@/components/shared/local-only-note";
import { AccessTokenFacts } from "./access-token-facts";
import { NewTokenAlert } from "./new-token-alert";
import { Select } from "@/components/ui/select";
import { useCreateAccessToken, useRevokeAccessToken } from "@/lib/query/access-tokens";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { ACCESS_TOKEN_DEFAULT_DAYS, type AccessTokenView, SCOPE_CHOICES, type ScopeChoice } from "@/lib/schemas/access-tokens";

const EXPIRY_CHOICES = [7, 30, ACCESS_TOKEN_DEFAULT_DAYS, 365];

/**
 * A member's personal access tokens for scripts: Darkroom's copy of the generation API at /v1/…, within
 * their budgets and the team's queue. Made with a name, a scope and an expiry; shown once; revocable.
 */
export function AccessTokensCard({
  tokens,
  now,
  origin,
  localOnly = false,
}: {
  tokens: AccessTokenView[];
  now: string;
  origin: string;
  /** The origin is loopback and PUBLIC_BASE_URL unset: scripts on other machines cannot reach it. */
  localOnly?: boolean;
}) {
  const router = useRouter();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [shown, setShown] = useState<string | null>(null);
  const fields: Record<string, string> = create.error instanceof ApiError ? create.error.fields : {};
  // A field's refusal shows beside its field; anything else here.
  const failed = revoke.error ?? (create.error && Object.keys(fields).length === 0 ? create.error : null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    create.mutate(
      {
        name: String(form.get("name")),
        scope: String(form.get("scope")) as ScopeChoice,
        expiresInDays: Number(form.get("days")),
        budgetCredits: form.get("budget") ? Number(form.get("budget")) : null,
      },
      {
        onSuccess: ({ token }) => {
          setShown(token);
          element.reset();
          router.refresh();
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Access tokens</CardTitle>
        <CardDescription>
          For your scripts: call the generation API through Darkroom at <code>{origin}/v1/…</code> with{" "}
          <code>Authorization: Bearer dr_…</code> instead of the team&apos;s key. Your budgets and the team&apos;s apply, requests wait in
          the team&apos;s queue, and results appear in the gallery. A token stops when it expires, when you revoke it, or when you can no
          longer generate.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shown && (
          <NewTokenAlert
            token={shown}
            label="New access token"
            // The whole token: this is the one moment it can be pasted from here.
            example={curlExample(origin, shown)}
          />
        )}
        {shown && localOnly && <LocalOnlyNote what="address" />}
        {tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No access token yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="access-tokens">
            {tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <strong>{token.name}</strong> · <AccessTokenFacts token={token} now={now} />
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke ${token.name}`}
                  pending={revoke.isPending && revoke.variables === token.id}
                  onClick={() => revoke.mutate(token.id, { onSuccess: () => router.refresh() })}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.4fr_1fr_1fr_auto]">
          <FormField label="Name" error={fields.name}>
            <Input name="name" required maxLength={60} placeholder="nightly renders" autoComplete="off" />
          </FormField>
          <FormField label="Can" error={fields.scope}>
            <Select name="scope" defaultValue="all">
              {Object.entries(SCOPE_CHOICES).map(([value, choice]) => (
                <option key={value} value={value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Expires after" error={fields.expiresInDays}>
            <Select name="days" defaultValue={String(ACCESS_TOKEN_DEFAULT_DAYS)}>
              {EXPIRY_CHOICES.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Budget (credits)" error={fields.budgetCredits}>
            <Input name="budget" type="number" min={1} step={1} inputMode="numeric" placeholder="none" />
          </FormField>
          <Button type="submit" className="w-fit" pending={create.isPending}>
            {!create.isPending && <KeyRound aria-hidden />}
            Make a token
          </Button>
        </form>
        {failed && (
          <Alert tone="danger" title="That did not work" role="alert">
            {errorMessage(failed)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** A first request a member pastes into a terminal as it is. */
function curlExample(origin: string, token: string): string {
  return [
    `curl -X POST ${origin}/v1/images/generations`,
    `  -H "Authorization: Bearer ${token}"`,
    `  -H "Idempotency-Key: my-first"`,
    `  -H "Content-Type: application/json"`,
    `  -d '{"model":"gamma-5-pro","prompt":"a lighthouse"}'`,
  ].join(" \\\n");
}
