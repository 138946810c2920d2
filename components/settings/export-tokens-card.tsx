"use client";

import { KeyRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { isRepeatClick } from "@/components/shared/repeat-click";
import { formatUtcDateTime, formatUtcDateTimeOr } from "@/lib/dates";
import { errorMessage } from "@/lib/query/fetch-json";
import { useCreateExportToken, useRenewExportToken, useRevokeExportToken } from "@/lib/query/exports";
import { EXPORT_TOKEN_DAYS, type ExportTokenView } from "@/lib/schemas/exports";
import { NewTokenAlert } from "./new-token-alert";

/** Admins' read-only export tokens: make one (shown once), see when each was last used and when it expires, renew, revoke. */
export function ExportTokensCard({ tokens, now }: { tokens: ExportTokenView[]; now: string }) {
  const router = useRouter();
  const create = useCreateExportToken();
  const renew = useRenewExportToken();
  const revoke = useRevokeExportToken();
  const [shown, setShown] = useState<string | null>(null);
  const failed = create.error ?? renew.error ?? revoke.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export token</CardTitle>
        <CardDescription>
          Lets a spreadsheet or BI tool fetch the exports on a schedule, with <code>Authorization: Bearer</code>. It reads the exports and
          nothing else. It expires {EXPORT_TOKEN_DAYS} days after it was made or renewed, and is revoked when its admin is disabled or is no
          longer an admin. Making a new one replaces yours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shown && (
          <NewTokenAlert
            token={shown}
            label="New export token"
            example={`curl -H "Authorization: Bearer ${shown}" "https://your-darkroom/api/exports/usage.csv?from=2026-01-01"`}
          />
        )}
        {tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No export token yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="export-tokens">
            {tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {token.owner.name ?? "A removed member"}: made {formatUtcDateTime(token.createdAt)}, last used{" "}
                  {formatUtcDateTimeOr(token.lastUsedAt, "never")},{" "}
                  {token.expiresAt <= now ? (
                    <strong>expired {formatUtcDateTime(token.expiresAt)}</strong>
                  ) : (
                    <>expires {formatUtcDateTime(token.expiresAt)}</>
                  )}
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    pending={renew.isPending && renew.variables === token.id}
                    onClick={() => renew.mutate(token.id, { onSuccess: () => router.refresh() })}
                  >
                    Renew for {EXPORT_TOKEN_DAYS} days
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    pending={revoke.isPending && revoke.variables === token.id}
                    onClick={() => revoke.mutate(token.id, { onSuccess: () => router.refresh() })}
                  >
                    Revoke
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Button
          className="w-fit"
          pending={create.isPending}
          onClick={(event) => {
            // A double click makes one token (issue 45).
            if (isRepeatClick(event)) return;
            create.mutate(undefined, {
              onSuccess: ({ token }) => {
                setShown(token);
                router.refresh();
              },
            });
          }}
        >
          {!create.isPending && <KeyRound aria-hidden />}
          Make a new token
        </Button>
        {failed && (
          <Alert tone="danger" title="That did not work" role="alert">
            {errorMessage(failed)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
