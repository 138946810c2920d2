"use client";

import { lazy, Suspense, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { plural } from "@/lib/format";
import { LazyShareForm } from "./lazy-share-form";
import { loadSelectionActions } from "./load-selection-actions";
import type { SelectionMessage } from "./selection-actions";

// The buttons come with the first selection (or a checkbox's hover or focus): most visits select nothing. The
// count's live region stays here, in the page from the start, so the first selection is announced.
const SelectionActions = lazy(() => loadSelectionActions().then((module) => ({ default: module.SelectionActions })));
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
  const [message, setMessage] = useState<SelectionMessage | null>(null);
  const [sharing, setSharing] = useState(false);
  const [boarding, setBoarding] = useState(false);
  const count = ids.length;

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
          {count > 0 && (
            <Suspense fallback={null}>
              <SelectionActions
                ids={ids}
                canShare={canShare}
                boarding={boarding}
                sharing={sharing}
                onBoarding={setBoarding}
                onSharing={setSharing}
                onClear={onClear}
                onHidden={onHidden}
                onMessage={setMessage}
              />
            </Suspense>
          )}
        </div>
        {message && (
          <Alert tone={message.tone} role={message.tone === "danger" ? "alert" : "status"}>
            {message.text}
          </Alert>
        )}
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
