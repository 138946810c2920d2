"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatUtcDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/query/fetch-json";
import { endOtherSessions, endSession, useCall } from "@/lib/query/second-factor";
import type { SessionView } from "@/lib/schemas/second-factor-views";

/** Where one is signed in: each browser, with "Sign out" for each and for all the others at once. */
export function SessionsCard({ sessions }: { sessions: SessionView[] }) {
  const router = useRouter();
  const endOne = useCall(endSession);
  const endOthers = useCall(endOtherSessions);
  const refresh = { onSuccess: () => router.refresh() };
  const others = sessions.filter((session) => !session.current).length;
  const failed = endOne.error ?? endOthers.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Where you are signed in. Signing a session out ends it at its next request.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3" aria-label="Your sessions">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
              <div className="grid min-w-0 gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">
                    {session.browser} on {session.device}
                  </span>
                  {session.current && <Badge variant="primary">This browser</Badge>}
                </div>
                <span className="text-sm break-words text-muted-foreground">
                  {session.address ?? "Address unknown"} · last seen {formatUtcDateTime(session.lastSeenAt)} · signed in{" "}
                  {formatUtcDateTime(session.createdAt)}
                </span>
              </div>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  pending={endOne.isPending && endOne.variables === session.id}
                  onClick={() => endOne.mutate(session.id, refresh)}
                >
                  Sign out
                  <span className="sr-only">
                    {" "}
                    {session.browser} on {session.device}
                  </span>
                </Button>
              )}
            </li>
          ))}
        </ul>
        {failed && (
          <Alert tone="danger" role="alert">
            {errorMessage(failed)}
          </Alert>
        )}
        <div>
          <Button
            variant="outline"
            disabled={others === 0}
            pending={endOthers.isPending}
            onClick={() => endOthers.mutate(undefined, refresh)}
          >
            Sign out everywhere else
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
