"use client";

import { Download, EyeOff, RotateCcw, Star } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { ResultActions } from "@/components/shared/result-actions";
import { ConfirmDialog, prefetchConfirm } from "@/components/shared/confirm/confirm-dialog";
import { entryHref } from "@/components/shared/entry-links";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/query/fetch-json";
import { useHideTask, useSetFavourite, useShowTask } from "@/lib/query/task-actions";
import type { TaskView } from "@/lib/schemas/views";

/**
 * Download, remix and reuse, favourite and hide: what a member can do with a task. Hiding is for oneself;
 * the task's owner and admins may also hide it for the whole team. Either is undone from this page.
 */
export function TaskActions({ task, canEdit, canHideForTeam }: { task: TaskView; canEdit: boolean; canHideForTeam: boolean }) {
  const router = useRouter();
  const favourite = useSetFavourite();
  const hide = useHideTask();
  const show = useShowTask();
  const [askingHide, setAskingHide] = useState(false);
  const hideButton = useRef<HTMLButtonElement>(null);
  const results = task.results ?? [];
  return (
    <section aria-labelledby="actions-heading" className="grid gap-3">
      <h2 id="actions-heading" className="sr-only">
        Actions
      </h2>
      {/* One row of three groups (downloads; keep or hide; make something from it) that wraps a whole group at a
          time: as two fixed rows, a lone "Remix" sat on the second at 1280 px. */}
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        {results.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {results.map((result) => (
              <Button key={result.index} asChild size="sm">
                <a href={result.downloadUrl} download>
                  <Download aria-hidden />
                  Download{results.length > 1 ? ` ${result.index + 1}` : ""}
                </a>
              </Button>
            ))}
          </div>
        )}
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-pressed={task.favourite}
              pending={favourite.isPending}
              onClick={() => favourite.mutate({ id: task.id, favourite: !task.favourite })}
            >
              <Star aria-hidden className={task.favourite ? "fill-current text-warning" : undefined} />
              {task.favourite ? "Favourite" : "Add to favourites"}
            </Button>
            {!task.hiddenForMe && !task.hiddenForTeam && (
              <>
                <Button
                  ref={hideButton}
                  size="sm"
                  variant="outline"
                  aria-haspopup="dialog"
                  onPointerEnter={prefetchConfirm}
                  onFocus={prefetchConfirm}
                  onClick={() => setAskingHide(true)}
                >
                  <EyeOff aria-hidden />
                  Hide
                </Button>
                <ConfirmDialog
                  open={askingHide}
                  onClose={() => setAskingHide(false)}
                  returnFocus={hideButton}
                  title="Hide this task?"
                  description={
                    canHideForTeam
                      ? "Hide it from your own dashboard, or from everyone's (recorded in the audit log). Its record and archived files stay, and you can show it again from this page."
                      : "It leaves your own dashboard; your teammates still see it. Its record and archived files stay, and you can show it again from this page."
                  }
                >
                  {canHideForTeam && (
                    <Button
                      variant="destructive"
                      pending={hide.isPending && hide.variables?.scope === "team"}
                      onClick={() => hide.mutate({ id: task.id, scope: "team" }, { onSuccess: () => router.push("/tasks") })}
                    >
                      Hide for the team
                    </Button>
                  )}
                  <Button
                    variant={canHideForTeam ? "outline" : "destructive"}
                    pending={hide.isPending && hide.variables?.scope === "me"}
                    onClick={() => hide.mutate({ id: task.id, scope: "me" }, { onSuccess: () => router.push("/tasks") })}
                  >
                    {canHideForTeam ? "Hide for me" : "Hide"}
                  </Button>
                </ConfirmDialog>
              </>
            )}
          </div>
        )}
        {canEdit && <ResultActions task={task} />}
      </div>
      {canEdit && (task.hiddenForMe || task.hiddenForTeam) && (
        <Alert tone="info" role="status" title={task.hiddenForTeam ? "Hidden for the team" : "Hidden for you"}>
          <p>{task.hiddenForTeam ? "This task is hidden from everyone's dashboard." : "This task is hidden from your dashboard."}</p>
          {(task.hiddenForMe || canHideForTeam) && (
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              pending={show.isPending}
              onClick={() => show.mutate({ id: task.id, scope: task.hiddenForMe ? "me" : "team" })}
            >
              Show again
            </Button>
          )}
        </Alert>
      )}
      {(favourite.error || hide.error || show.error) && (
        <Alert tone="danger" role="alert">
          {errorMessage(favourite.error ?? hide.error ?? show.error)}
        </Alert>
      )}
    </section>
  );
}

/** Retry = the same parameters as a new task, which charges again: asked first. */
export function RetryButton({ task }: { task: TaskView }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="outline"
        className="w-fit"
        aria-haspopup="dialog"
        onPointerEnter={prefetchConfirm}
        onFocus={prefetchConfirm}
        onClick={() => setOpen(true)}
      >
        <RotateCcw aria-hidden />
        Retry
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocus={button}
        title="Retry this generation?"
        description="A retry is a new task with the same parameters, and it charges credits again. The Generate form opens filled in; nothing is sent until you submit it."
      >
        <Button asChild>
          <Link href={entryHref({ kind: "remix", taskId: task.id })}>Open in Generate</Link>
        </Button>
      </ConfirmDialog>
    </>
  );
}
