"use client";

import { useQuery } from "@/lib/query/react";
import { Link } from "@/components/ui/link";
import { childTasksOptions } from "@/lib/query/tasks";
import { taskPageHref } from "@/lib/schemas/views";
import type { Source } from "@/lib/tasks/lineage";
import { modelLabel, statusBadge } from "./task-format";

const RELATION: Record<Source["relation"], string> = { extends: "Extends", input: "Uses a result of" };

const taskHref = (id: string) => `/tasks/${encodeURIComponent(id)}`;

/** Where this task came from and what was made from it: extensions and results used as inputs. */
export function TaskLineage({ taskId, sources }: { taskId: string; sources: Source[] }) {
  const children = useQuery(childTasksOptions(taskId));
  return (
    <section aria-labelledby="lineage-heading" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id="lineage-heading" className="text-base font-semibold">
        Lineage
      </h2>
      <div className="grid gap-1.5 text-sm">
        <h3 className="font-medium">Made from</h3>
        {sources.length ? (
          <ul className="grid gap-1">
            {sources.map((source) => (
              <li key={source.taskId}>
                {RELATION[source.relation]}{" "}
                <Link href={taskHref(source.taskId)} className="font-mono text-xs break-all underline underline-offset-4">
                  {source.taskId}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">Nothing: a new generation.</p>
        )}
      </div>
      <div className="grid gap-1.5 text-sm">
        <h3 className="font-medium">Made from this one</h3>
        {children.isPending ? (
          <p className="text-muted-foreground">Looking…</p>
        ) : children.isError ? (
          <p className="text-muted-foreground">Could not load them: {children.error.message}</p>
        ) : children.data.tasks.length === 0 ? (
          <p className="text-muted-foreground">Nothing yet: extend it or use a result as an input.</p>
        ) : (
          <>
            <ul className="grid gap-1.5" aria-label="Tasks made from this one">
              {children.data.tasks.map((child) => (
                <li key={child.id} className="grid">
                  <Link href={taskPageHref(child)} className="font-mono text-xs break-all underline underline-offset-4">
                    {child.publicId ?? child.id}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {modelLabel(child.model)} · {statusBadge(child).text}
                    {child.prompt ? ` · ${child.prompt.slice(0, 60)}${child.prompt.length > 60 ? "…" : ""}` : ""}
                  </span>
                </li>
              ))}
            </ul>
            {children.data.nextCursor && (
              <Link href={`/tasks?parent=${encodeURIComponent(taskId)}`} className="text-sm underline underline-offset-4">
                See them all in the gallery
              </Link>
            )}
          </>
        )}
      </div>
    </section>
  );
}
