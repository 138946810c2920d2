"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useRevokeAccessToken } from "@/lib/query/access-tokens";
import { errorMessage } from "@/lib/query/fetch-json";
import type { TeamAccessTokenView } from "@/lib/schemas/access-tokens";
import { AccessTokenFacts } from "./access-token-facts";

/** Admins' view of every other member's access tokens, each revocable (what it queued and never sent is cancelled). */
export function TeamAccessTokensCard({ tokens, now }: { tokens: TeamAccessTokenView[]; now: string }) {
  const router = useRouter();
  const revoke = useRevokeAccessToken();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members&apos; access tokens</CardTitle>
        <CardDescription>
          Every other member&apos;s live tokens. Revoking one stops it at once and cancels what it queued that was not sent yet; its member
          sees it gone from their list.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No other member has an access token.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="team-access-tokens">
            {tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {token.member.name ?? "A removed member"}: <strong>{token.name}</strong> · <AccessTokenFacts token={token} now={now} />
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke ${token.name} of ${token.member.name ?? "a removed member"}`}
                  pending={revoke.isPending && revoke.variables === token.id}
                  onClick={() => revoke.mutate(token.id, { onSuccess: () => router.refresh() })}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
        {revoke.error && (
          <Alert tone="danger" title="That did not work" role="alert">
            {errorMessage(revoke.error)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
