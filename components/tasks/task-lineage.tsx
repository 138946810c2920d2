"use client";

import { ImageOff } from "lucide-react";
import { useState } from "react";
import { useQuery } from "@/lib/query/react";
import { Link } from "@/components/ui/link";
import { taskName } from "@/components/shared/task-name";
import { resultOffers } from "@/lib/models/capabilities";
import { childTasksOptions } from "@/lib/query/tasks";
import type { LineageSource } from "@/lib/schemas/lineage-views";
import { taskPageHref, type TaskView } from "@/lib/schemas/views";
import { nothingMadeYet } from "./lineage-words";
import { statusBadge } from "./task-format";

const RELATION: Record<"extends" | "input", string> = { extends: "Extends", input: "Uses a result of" };

interface TaskLineageProps {
  task: Pick<TaskView, "id" | "model" | "kind" | "status">;
  /** What it was made from: earlier tasks and uploaded images (lib/tasks/lineage-view.ts). */
  sources: LineageSource[];
  /** The viewer may make something from it (members and admins): only then does the hint say how. */
  canMake: boolean;
}

/** Where this task came from (earlier tasks, uploads) and what was made from it: extensions and results used as inputs. */
export function TaskLineage({ task, sources, canMake }: TaskLineageProps) {
  const children = useQuery(childTasksOptions(task.id));
  return (
    <section aria-labelledby="lineage-heading" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id="lineage-heading" className="text-base font-semibold">
        Lineage
      </h2>
      <div className="grid gap-1.5 text-sm">
        <h3 className="font-medium">Made from</h3>
        {sources.length ? (
          <ul className="grid gap-2" aria-label="What this task was made from">
            {sources.map((source) => (
              <li key={source.kind === "task" ? source.taskId : source.uploadId} className="flex min-w-0 items-center gap-2.5">
                {source.kind === "upload" ? <UploadSource source={source} /> : <TaskSource source={source} />}
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
          <p className="text-muted-foreground">{nothingMadeYet(resultOffers(task), { canMake: canMake && task.status === "succeeded" })}</p>
        ) : (
          <>
            <ul className="grid gap-2" aria-label="Tasks made from this one">
              {children.data.tasks.map((child) => (
                <li key={child.id} className="flex min-w-0 items-center gap-2.5">
                  <Thumb src={child.thumbnailUrl} />
                  <span className="grid min-w-0">
                    <Link href={taskPageHref(child)} className="[overflow-wrap:anywhere] underline underline-offset-4">
                      {taskName(child)}
                    </Link>
                    <span className="text-xs text-muted-foreground">{statusBadge(child).text}</span>
                  </span>
                </li>
              ))}
            </ul>
            {children.data.nextCursor && (
              <Link href={`/tasks?parent=${encodeURIComponent(task.id)}`} className="text-sm underline underline-offset-4">
                See them all in the gallery
              </Link>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function TaskSource({ source }: { source: Extract<LineageSource, { kind: "task" }> }) {
  const { task } = source;
  return (
    <>
      <Thumb src={task?.thumbnailUrl ?? null} />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {RELATION[source.relation]}{" "}
        {task ? (
          <Link href={taskPageHref(task)} className="underline underline-offset-4">
            {taskName(task)}
          </Link>
        ) : (
          <span className="text-muted-foreground">a task you cannot see</span>
        )}
      </span>
    </>
  );
}

function UploadSource({ source }: { source: Extract<LineageSource, { kind: "upload" }> }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      {failed ? (
        <span className={THUMB_BOX}>
          <ImageOff aria-hidden className="size-4 text-muted-foreground" />
        </span>
      ) : (
        <span className={THUMB_BOX}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a small archived thumbnail behind the session cookie. */}
          <img
            src={source.thumbnailUrl}
            alt={`The image uploaded as ${source.field}`}
            width={48}
            height={48}
            loading="lazy"
            onError={() => setFailed(true)}
            className="size-full object-contain"
          />
        </span>
      )}
      <span className="grid min-w-0">
        <span>An uploaded image</span>
        <span className="text-xs text-muted-foreground">
          as {source.field}
          {failed && " · no longer kept"}
        </span>
      </span>
    </>
  );
}

// 48 px, the whole picture at its own aspect on the card's muted ground.
const THUMB_BOX = "flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted";

/** A task's thumbnail beside its name; decorative, since the name says which task it is. */
function Thumb({ src }: { src: string | null }) {
  return (
    <span aria-hidden className={THUMB_BOX}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a small archived thumbnail behind the session cookie. */}
      {src && <img src={`${src}?w=240`} alt="" width={48} height={48} loading="lazy" className="size-full object-contain" />}
    </span>
  );
}
