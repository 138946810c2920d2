"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatUtcDateTime } from "@/lib/dates";
import { plural } from "@/lib/format";
import { errorMessage } from "@/lib/query/fetch-json";
import { useRevokeShareLink } from "@/lib/query/share-links";
import type { ShareLinkView } from "@/lib/schemas/share-links";

/**
 * The share links a member answers for: theirs, and others' links to their boards and tasks, marked with their
 * maker (an admin: everyone's), with what each shows, when it expires and how often it was opened; revoking one
 * refuses its next open at once, on every instance.
 */
export function ShareLinksCard({
  links,
  now,
  viewerId,
  everyone,
}: {
  links: ShareLinkView[];
  now: string;
  viewerId: string;
  everyone: boolean;
}) {
  const router = useRouter();
  const revoke = useRevokeShareLink();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Share links</CardTitle>
        <CardDescription>
          Read-only links to results for people without an account, made with Share on a task&apos;s page, a selection or a board.{" "}
          {everyone
            ? "Everyone's links are listed here."
            : "Your links are listed here, and links others made to your boards and tasks, which you can revoke too."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No share link yet.</p>
        ) : (
          <ul className="grid gap-3 text-sm" data-testid="share-links">
            {links.map((link) => {
              const label = link.board
                ? `board ${link.board.name ?? "(deleted)"}`
                : link.taskIds.length === 1
                  ? `task ${link.taskIds[0]}`
                  : plural(link.taskIds.length, "task");
              return (
                <li key={link.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 flex-1 basis-64">
                    <strong>
                      {link.board?.name ? (
                        <Link className="underline" href={`/boards/${encodeURIComponent(link.board.id)}`}>
                          {label}
                        </Link>
                      ) : link.taskIds.length === 1 ? (
                        <Link className="font-mono text-xs break-all underline" href={`/tasks/${encodeURIComponent(link.taskIds[0]!)}`}>
                          {link.taskIds[0]}
                        </Link>
                      ) : (
                        label
                      )}
                    </strong>
                    {link.showPrompt ? " · with the prompt" : " · media only"}
                    {/* Someone else's link to this member's board or tasks (or, for an admin, anyone's): who made it. */}
                    {link.owner.id === viewerId ? " · made " : ` · Made by ${link.owner.name ?? "a removed member"} on `}
                    {formatUtcDateTime(link.createdAt)},{" "}
                    {link.expiresAt === null ? (
                      "until revoked"
                    ) : link.expiresAt <= now ? (
                      <strong>expired {formatUtcDateTime(link.expiresAt)}</strong>
                    ) : (
                      <>expires {formatUtcDateTime(link.expiresAt)}</>
                    )}{" "}
                    · {plural(link.views, "view")}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Revoke the share link of ${label} (${link.showPrompt ? "with the prompt" : "media only"})`}
                    pending={revoke.isPending && revoke.variables === link.id}
                    onClick={() => revoke.mutate(link.id, { onSuccess: () => router.refresh() })}
                  >
                    Revoke
                  </Button>
                </li>
              );
            })}
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
