import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { modelLabel } from "@/lib/models/labels";

export const modelName = modelLabel;

/** One part of the Overview: a titled card with a link to where it is handled, and its empty state. */
export function OverviewCard({
  title,
  id,
  link,
  empty,
  children,
}: {
  title: string;
  id: string;
  link?: { href: string; label: string };
  /** Shown instead of the children when there is nothing to show. */
  empty?: string | null;
  children?: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region" data-testid={id}>
      <CardHeader>
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle id={id}>{title}</CardTitle>
          {link && (
            <Link href={link.href} className="text-sm whitespace-nowrap text-muted-foreground underline-offset-4 hover:underline">
              {link.label}
            </Link>
          )}
        </div>
      </CardHeader>
      <CardContent className="text-sm">{empty ? <p className="text-muted-foreground">{empty}</p> : children}</CardContent>
    </Card>
  );
}

/** A task in a card's list: its model and prompt, linked to its page, with what the card says about it. */
export function TaskLine({ id, model, prompt, children }: { id: string; model: string; prompt: string | null; children?: ReactNode }) {
  return (
    <li className="grid gap-1 py-2 first:pt-0 last:pb-0">
      <Link href={`/tasks/${encodeURIComponent(id)}`} className="flex min-w-0 gap-2 underline-offset-4 hover:underline">
        <span className="shrink-0 font-medium">{modelName(model)}</span>
        <span className="truncate text-muted-foreground">{prompt?.trim() || "No prompt"}</span>
      </Link>
      {children}
    </li>
  );
}
