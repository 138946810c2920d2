"use client";

import { ArrowLeft, ArrowRight, Download, Link2, Pencil, Trash2, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLayoutEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import { ConfirmDialog, prefetchConfirm } from "@/components/shared/confirm/confirm-dialog";
import { LightboxProvider } from "@/components/shared/lightbox/lightbox-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useChangeBoard, useDeleteBoard, useRemoveFromBoard, useReorderBoard } from "@/lib/query/boards";
import { errorMessage } from "@/lib/query/fetch-json";
import { downloadBoardZip } from "@/lib/query/task-actions";
import { BOARD_NAME_MAX, type BoardPageView } from "@/lib/schemas/board-views";
import type { TaskView } from "@/lib/schemas/views";
import { ShareForm } from "./share-form";
import { TaskCard } from "./task-card";
import { modelLabel } from "./task-format";
import { CardClock, useNow } from "./use-now";

type Message = { tone: "danger" | "info"; text: string } | null;

/** What a screen reader hears for a card: its model and the start of its prompt. */
const nameOf = (task: TaskView) => `${modelLabel(task.model)}: ${(task.prompt?.trim() || "no prompt").slice(0, 40)}`;

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A board's page below its header: its actions (download, share, rename, delete) and the gallery's cards in
 * board order. Its maker (or an admin) reorders by dragging a card, by Alt+arrow keys on a focused card, or by
 * its Move buttons; each move is announced and saved at once (and put back, with the reason, if it fails).
 */
export function BoardDetail({ page, canShare }: { page: BoardPageView; canShare: boolean }) {
  const { board } = page;
  const router = useRouter();
  const [tasks, setTasks] = useState(page.tasks);
  const [announcement, setAnnouncement] = useState("");
  const [message, setMessage] = useState<Message>(null);
  const [zipping, setZipping] = useState(false);
  const [panel, setPanel] = useState<"share" | "rename" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // After a move the focused button's card has moved in the DOM: focus goes back to it (or to its twin, when
  // it became disabled at an end).
  const refocus = useRef<{ taskId: string; control: string } | null>(null);
  const reorder = useReorderBoard();
  const remove = useRemoveFromBoard();
  const change = useChangeBoard();
  const destroy = useDeleteBoard();
  const now = useNow(1000, false);
  const canEdit = board.canEdit;

  useLayoutEffect(() => {
    const want = refocus.current;
    if (!want || !list.current) return;
    refocus.current = null;
    const card = list.current.querySelector<HTMLElement>(`[data-board-item="${CSS.escape(want.taskId)}"]`);
    const preferred = card?.querySelector<HTMLButtonElement>(`[data-control="${want.control}"]`);
    const target = preferred && !preferred.disabled ? preferred : card?.querySelector<HTMLButtonElement>("[data-control]:not(:disabled)");
    target?.focus();
  });

  function move(from: number, to: number, control = "earlier") {
    const task = tasks[from];
    if (!task || to < 0 || to >= tasks.length || from === to) return;
    const before = tasks;
    const next = moved(tasks, from, to);
    setTasks(next);
    setMessage(null);
    refocus.current = { taskId: task.id, control };
    setAnnouncement(`Moved ${nameOf(task)} to position ${to + 1} of ${next.length}.`);
    reorder.mutate(
      { id: board.id, taskIds: next.map((item) => item.id) },
      {
        onError: (error) => {
          setTasks(before);
          setMessage({ tone: "danger", text: `The new order was not saved: ${errorMessage(error)}` });
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    if (!canEdit || !event.altKey || event.ctrlKey || event.metaKey) return;
    const step =
      event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    move(index, index + step, step < 0 ? "earlier" : "later");
  }

  function onDrop(event: DragEvent<HTMLElement>, index: number) {
    event.preventDefault();
    const from = tasks.findIndex((task) => task.id === dragged);
    setDragged(null);
    if (from >= 0) move(from, index);
  }

  function takeOff(task: TaskView) {
    setMessage(null);
    remove.mutate(
      { id: board.id, taskId: task.id },
      {
        onSuccess: () => {
          const index = tasks.findIndex((item) => item.id === task.id);
          const next = tasks.filter((item) => item.id !== task.id);
          setTasks(next);
          const neighbour = next[Math.min(index, next.length - 1)];
          if (neighbour) refocus.current = { taskId: neighbour.id, control: "remove" };
          setAnnouncement(`Removed ${nameOf(task)} from the board.`);
        },
        onError: (error) => setMessage({ tone: "danger", text: errorMessage(error) }),
      },
    );
  }

  async function zip() {
    setZipping(true);
    setMessage(null);
    const outcome = await downloadBoardZip(board.id);
    setZipping(false);
    setMessage(
      outcome.ok ? { tone: "info", text: "Your browser is downloading the board's ZIP." } : { tone: "danger", text: outcome.message },
    );
  }

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    change.mutate(
      { id: board.id, patch: { name } },
      {
        onSuccess: () => {
          setPanel(null);
          router.refresh();
        },
      },
    );
  }

  const toggle = (which: "share" | "rename") => setPanel(panel === which ? null : which);
  return (
    <LightboxProvider tasks={tasks} canAddToBoard={canShare}>
      <div className="grid gap-4" data-wide>
        <div role="toolbar" aria-label="Board actions" className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" pending={zipping} disabled={tasks.length === 0} onClick={zip}>
            <Download aria-hidden />
            Download ZIP
          </Button>
          {canShare && (
            <Button
              size="sm"
              variant="outline"
              aria-expanded={panel === "share"}
              onClick={() => toggle("share")}
              disabled={tasks.length === 0}
            >
              <Link2 aria-hidden />
              Share
            </Button>
          )}
          {canEdit && (
            <>
              <Button size="sm" variant="outline" aria-expanded={panel === "rename"} onClick={() => toggle("rename")}>
                <Pencil aria-hidden />
                Rename
              </Button>
              <Button
                ref={deleteButton}
                size="sm"
                variant="outline"
                aria-haspopup="dialog"
                onPointerEnter={prefetchConfirm}
                onFocus={prefetchConfirm}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden />
                Delete board
              </Button>
            </>
          )}
        </div>
        {message && (
          <Alert tone={message.tone} role={message.tone === "danger" ? "alert" : "status"}>
            {message.text}
          </Alert>
        )}
        {panel === "rename" && canEdit && (
          <form onSubmit={rename} aria-label="Rename the board" className="flex flex-wrap items-end gap-2 rounded-xl border bg-card p-4">
            <FormField label="Board name" className="min-w-0 flex-1 basis-56" error={change.error ? errorMessage(change.error) : undefined}>
              <Input name="name" required maxLength={BOARD_NAME_MAX} defaultValue={board.name} autoComplete="off" />
            </FormField>
            <Button type="submit" size="sm" pending={change.isPending}>
              Save name
            </Button>
          </form>
        )}
        {panel === "share" && canShare && (
          <section aria-label="Share the board" className="rounded-xl border bg-card p-4">
            <ShareForm boardId={board.id} what="this board's results in its order, as it is when the link is opened" />
          </section>
        )}
        {tasks.length === 0 ? (
          <p className="rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
            Nothing on this board{page.board.items > 0 ? " that you can see" : " yet"}. Add results from the Tasks gallery: select cards and
            choose Add to board, or open one in the viewer.
          </p>
        ) : (
          <>
            {canEdit && (
              <p className="text-sm text-muted-foreground" id="board-order-hint">
                Drag a card to reorder, or focus one and press Alt+← or Alt+→ (or its Move buttons).
              </p>
            )}
            <div
              ref={list}
              role="list"
              aria-label={`Tasks on ${board.name}`}
              aria-describedby={canEdit ? "board-order-hint" : undefined}
              className="@container grid grid-cols-[repeat(auto-fill,minmax(140px,1fr))] gap-4 sm:grid-cols-[repeat(auto-fill,minmax(220px,1fr))]"
            >
              <CardClock value={now}>
                {tasks.map((task, index) => (
                  <div
                    key={task.id}
                    role="none"
                    data-board-item={task.id}
                    draggable={canEdit}
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = "move";
                      event.dataTransfer.setData("text/plain", task.id);
                      setDragged(task.id);
                    }}
                    onDragEnd={() => setDragged(null)}
                    onDragOver={(event) => dragged && event.preventDefault()}
                    onDrop={(event) => onDrop(event, index)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                    className={dragged === task.id ? "opacity-50" : canEdit ? "cursor-grab" : undefined}
                  >
                    <TaskCard
                      task={task}
                      index={index}
                      total={tasks.length}
                      selected={false}
                      footer={
                        canEdit && (
                          <div role="group" aria-label="Place on the board" className="flex flex-wrap items-center gap-1.5 border-t pt-2">
                            <Button
                              size="icon-sm"
                              variant="outline"
                              data-control="earlier"
                              aria-label={`Move earlier: ${nameOf(task)}`}
                              title="Move earlier (Alt+←)"
                              disabled={index === 0}
                              onClick={() => move(index, index - 1, "earlier")}
                            >
                              <ArrowLeft aria-hidden />
                            </Button>
                            <Button
                              size="icon-sm"
                              variant="outline"
                              data-control="later"
                              aria-label={`Move later: ${nameOf(task)}`}
                              title="Move later (Alt+→)"
                              disabled={index === tasks.length - 1}
                              onClick={() => move(index, index + 1, "later")}
                            >
                              <ArrowRight aria-hidden />
                            </Button>
                            {/* Shown where it fits beside the buttons; the card says its place to screen readers anyway (aria-posinset). */}
                            <span aria-hidden className="hidden text-xs whitespace-nowrap text-muted-foreground tabular-nums sm:inline">
                              {index + 1} of {tasks.length}
                            </span>
                            <Button
                              size="icon-sm"
                              variant="ghost"
                              data-control="remove"
                              className="ml-auto"
                              aria-label={`Remove from board: ${nameOf(task)}`}
                              title="Remove from board"
                              pending={remove.isPending && remove.variables?.taskId === task.id}
                              onClick={() => takeOff(task)}
                            >
                              <X aria-hidden />
                            </Button>
                          </div>
                        )
                      }
                    />
                  </div>
                ))}
              </CardClock>
            </div>
          </>
        )}
        <p className="sr-only" aria-live="polite" role="status">
          {announcement}
        </p>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          returnFocus={deleteButton}
          title={`Delete the board ${board.name}?`}
          description="The board and its order go, and its share links stop working. The tasks and their files stay in the gallery."
          notice={
            destroy.error ? (
              <Alert tone="danger" role="alert">
                {errorMessage(destroy.error)}
              </Alert>
            ) : undefined
          }
        >
          <Button
            variant="destructive"
            pending={destroy.isPending}
            onClick={() => destroy.mutate(board.id, { onSuccess: () => router.push("/boards") })}
          >
            Delete board
          </Button>
        </ConfirmDialog>
      </div>
    </LightboxProvider>
  );
}
