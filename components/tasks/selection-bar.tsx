"use client";

import { Download, EyeOff, LayoutGrid, Link2, X } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { ConfirmDialog, prefetchConfirm } from "@/components/shared/confirm/confirm-dialog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { plural } from "@/lib/format";
import { downloadZip, hideTasks } from "@/lib/query/task-actions";
import { LazyShareForm, prefetchShareForm } from "./lazy-share-form";

// Loaded when first opened: the gallery's script stays as it was for those who never add to a board.
const AddToBoard = lazy(() => import("@/components/shared/add-to-board").then((module) => ({ default: module.AddToBoard })));

interface SelectionBarProps {
  ids: string[];
  /** What the selected tasks cost (lib: selectionCredits). */
  credits: number;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  onHidden: () => void;
  /** Members and admins may share the selection with a link and put it on a board; viewers cannot. */
  canShare?: boolean;
}

/**
 * What can be done with the selected cards: download them as one ZIP, put them on a board, share them with a
 * link, or hide them from the dashboard. (A single card goes on a board this way too: its own icon row stays short.)
 */
export function SelectionBar({ ids, credits, total, onSelectAll, onClear, onHidden, canShare = false }: SelectionBarProps) {
  const [message, setMessage] = useState<{ tone: "danger" | "info"; text: string } | null>(null);
  const [zipping, setZipping] = useState(false);
  const [hiding, setHiding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [boarding, setBoarding] = useState(false);
  const hideButton = useRef<HTMLButtonElement>(null);
  const count = ids.length;

  const zip = async () => {
    setZipping(true);
    setMessage(null);
    const outcome = await downloadZip(ids);
    setZipping(false);
    setMessage(
      outcome.ok
        ? { tone: "info", text: `Your browser is downloading the ZIP of ${plural(count, "task")}.` }
        : { tone: "danger", text: outcome.message },
    );
  };
  const hide = async () => {
    setHiding(true);
    const { failed } = await hideTasks(ids);
    setHiding(false);
    setConfirming(false);
    setMessage(
      failed
        ? { tone: "danger", text: `${failed} of ${count} tasks could not be hidden. Try again.` }
        : { tone: "info", text: `${plural(count, "task")} hidden from your dashboard.` },
    );
    onHidden();
  };

  return (
    // Sticky as a whole (the toolbar and its message), in the page's column: it stays in view while the grid
    // scrolls under it; on a phone below the sticky top bar. The share form scrolls away with the page: on a
    // phone, held in view, it would cover the grid.
    <>
      <div className="sticky top-16 z-20 grid gap-2 md:top-2">
        <div
          role="toolbar"
          aria-label="Selected tasks"
          className="flex flex-wrap items-center gap-2 rounded-xl border bg-card/95 p-2 shadow-md backdrop-blur"
          hidden={count === 0}
        >
          <p className="px-2 text-sm font-medium" aria-live="polite">
            {count} selected<span className="font-normal text-muted-foreground"> · {plural(credits, "credit")}</span>
          </p>
          {count < total && (
            <Button size="sm" variant="ghost" onClick={onSelectAll}>
              Select all {total} shown
            </Button>
          )}
          <div className="flex flex-1 flex-wrap justify-end gap-2">
            <Button size="sm" variant="outline" pending={zipping} onClick={zip}>
              <Download aria-hidden />
              Download ZIP
            </Button>
            {canShare && (
              <Button size="sm" variant="outline" aria-expanded={boarding && count > 0} onClick={() => setBoarding(!boarding)}>
                <LayoutGrid aria-hidden />
                Add to board
              </Button>
            )}
            {canShare && (
              <Button
                size="sm"
                variant="outline"
                aria-expanded={sharing && count > 0}
                onClick={() => setSharing(!sharing)}
                onPointerEnter={prefetchShareForm}
                onFocus={prefetchShareForm}
              >
                <Link2 aria-hidden />
                Share
              </Button>
            )}
            <Button
              ref={hideButton}
              size="sm"
              variant="outline"
              aria-haspopup="dialog"
              onPointerEnter={prefetchConfirm}
              onFocus={prefetchConfirm}
              onClick={() => setConfirming(true)}
            >
              <EyeOff aria-hidden />
              Hide
            </Button>
            {/* "Clear" on screen, so the bar stays one row at 1280 px with Add to board in it. */}
            <Button size="sm" variant="ghost" aria-label="Clear selection" onClick={onClear}>
              <X aria-hidden />
              Clear
            </Button>
          </div>
        </div>
        {message && (
          <Alert tone={message.tone} role={message.tone === "danger" ? "alert" : "status"}>
            {message.text}
          </Alert>
        )}
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          returnFocus={hideButton}
          title={`Hide ${plural(count, "task")}?`}
          description="They leave your own dashboard; your teammates still see them. Their records and archived files stay; nothing is refunded or deleted upstream."
        >
          <Button variant="destructive" pending={hiding} onClick={hide}>
            Hide
          </Button>
        </ConfirmDialog>
      </div>
      {canShare && boarding && count > 0 && (
        <section aria-label="Add the selected tasks to a board" className="rounded-xl border bg-card p-4">
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading your boards…</p>}>
            <AddToBoard taskIds={ids} what={plural(count, "task")} />
          </Suspense>
        </section>
      )}
      {canShare && sharing && count > 0 && (
        <section aria-label="Share the selected tasks" className="rounded-xl border bg-card p-4">
          {/* A new form for another selection: a link shown once belongs to the tasks it was made for. */}
          <Suspense fallback={null}>
            <LazyShareForm key={ids.join(" ")} taskIds={ids} what={`the results of ${plural(count, "task")}`} />
          </Suspense>
        </section>
      )}
    </>
  );
}
