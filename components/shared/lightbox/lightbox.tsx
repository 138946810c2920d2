"use client";

import { ChevronLeft, ChevronRight, Download, LayoutGrid, ZoomIn, ZoomOut } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useRef, useState, type TouchEvent } from "react";
import { modelLabel } from "@/lib/models/labels";
import { mediaUrl } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { DialogContent } from "@/components/ui/dialog";
import { AddToBoard } from "../add-to-board";
import { ErrorCodeChip } from "../error-code-chip";
import { taskErrorCode } from "../error-codes";
import { QuickActions } from "../quick-actions";
import { type LightboxItem } from "./items";
import { LightboxMedia } from "./lightbox-media";
import { LightboxSettings } from "./lightbox-settings";

const NAV_BUTTON =
  "inline-flex size-10 cursor-pointer items-center justify-center rounded-full border bg-card/90 text-foreground shadow-md hover:bg-muted disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-5";
// A horizontal move this long (and longer than it is tall) is a swipe, not a tap or a scroll.
const SWIPE_PX = 50;

interface LightboxProps {
  items: readonly LightboxItem[];
  /** Where in `items` the viewer is; the lightbox is open while it is defined. */
  at: number | undefined;
  onMove: (at: number) => void;
  onClose: () => void;
  /** Offers "Add to board" for the task shown (members and admins). */
  canAddToBoard?: boolean;
}

/**
 * Results one at a time, as large as the screen allows: previous/next by buttons, ←/→ and swipes, images zoomed
 * by a click, the toggle or +/-; the task's settings and actions beside it. A Radix dialog, so focus stays inside
 * and returns to the opener on Escape.
 */
export function Lightbox({ items, at, onMove, onClose, canAddToBoard = false }: LightboxProps) {
  const item = at === undefined ? undefined : items[at];
  return (
    <DialogPrimitive.Root open={item !== undefined} onOpenChange={(open) => !open && onClose()}>
      {item && at !== undefined && <LightboxPanel item={item} at={at} total={items.length} onMove={onMove} canAddToBoard={canAddToBoard} />}
    </DialogPrimitive.Root>
  );
}

function LightboxPanel({
  item,
  at,
  total,
  onMove,
  canAddToBoard,
}: {
  item: LightboxItem;
  at: number;
  total: number;
  onMove: (at: number) => void;
  canAddToBoard: boolean;
}) {
  const { task, index } = item;
  // The panel stays mounted from result to result (so focus stays put and returns to the opener on close);
  // zoom belongs to one result, so it is remembered with that result's key.
  const key = `${task.id}:${index}`;
  const [zoomedKey, setZoomedKey] = useState<string | null>(null);
  const zoomed = zoomedKey === key;
  const setZoomed = (value: boolean | ((current: boolean) => boolean)) =>
    setZoomedKey((typeof value === "function" ? value(zoomed) : value) ? key : null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const [boarding, setBoarding] = useState(false);
  // Radix gives focus back to a Dialog.Trigger; this dialog is opened by a card's button or a link, so the panel
  // remembers what had focus when it opened and gives it back on close.
  // A deep link (`?view=`) renders it on the server, where nothing had focus.
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const hasPrevious = at > 0;
  const hasNext = at < total - 1;
  const previous = () => hasPrevious && onMove(at - 1);
  const next = () => hasNext && onMove(at + 1);

  // On the document, not the panel: the button that was pressed last may become disabled at the first or last
  // result, and the browser then moves focus to the body, out of the panel.
  const keys = useRef<(event: globalThis.KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    keys.current = (event) => {
      // A focused video player uses the arrows to seek; a text field (a new board's name) its own keys.
      const target = event.target;
      if (target instanceof HTMLVideoElement || target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey)
        return;
      if (event.key === "ArrowLeft") previous();
      else if (event.key === "ArrowRight") next();
      else if (task.kind === "image" && (event.key === "+" || event.key === "=")) setZoomed(true);
      else if (task.kind === "image" && event.key === "-") setZoomed(false);
      else return;
      event.preventDefault();
    };
  });
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keys.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  function onTouchEnd(event: TouchEvent) {
    const start = touch.current;
    touch.current = null;
    const end = event.changedTouches[0];
    if (!start || !end || zoomed) return;
    const dx = end.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(end.clientY - start.y)) return;
    if (dx < 0) next();
    else previous();
  }

  const outputs = task.results?.length ?? Number(task.params?.n ?? 1);
  // Only archived successes are shown here (items.ts): the one code one can carry is the service's deletion of its copy.
  const code = taskErrorCode(task);
  return (
    <DialogContent
      closeLabel="Close viewer"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (opener?.isConnected) opener.focus();
      }}
      placement="fill"
      className="grid grid-rows-[minmax(0,1fr)_auto] lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-1 [&>button:last-child]:bg-card"
    >
      <div
        className="relative flex min-h-0 items-center justify-center bg-black/90 p-2 sm:p-6"
        data-testid="lightbox-stage"
        onTouchStart={(event) => {
          const first = event.touches[0];
          touch.current = event.touches.length === 1 && first ? { x: first.clientX, y: first.clientY } : null;
        }}
        onTouchEnd={onTouchEnd}
      >
        <LightboxMedia task={task} index={index} zoomed={zoomed} onToggleZoom={() => setZoomed((value) => !value)} />
        <button
          type="button"
          aria-label="Previous result"
          onClick={previous}
          disabled={!hasPrevious}
          className={cn(NAV_BUTTON, "absolute top-1/2 left-2 -translate-y-1/2 sm:left-4")}
        >
          <ChevronLeft aria-hidden />
        </button>
        <button
          type="button"
          aria-label="Next result"
          onClick={next}
          disabled={!hasNext}
          className={cn(NAV_BUTTON, "absolute top-1/2 right-2 -translate-y-1/2 sm:right-4")}
        >
          <ChevronRight aria-hidden />
        </button>
      </div>
      <aside className="grid max-h-[40dvh] content-start gap-4 overflow-y-auto border-t bg-card p-4 pr-14 lg:max-h-none lg:border-t-0 lg:border-l lg:pt-14 lg:pr-4">
        <div className="grid gap-1">
          {/* Smaller than a dialog's title, and the prompt in the text colour: the panel is a caption, not a question. */}
          <DialogPrimitive.Title className="text-base leading-tight font-semibold">
            {modelLabel(task.model)}
            {outputs > 1 && ` · output ${index + 1} of ${outputs}`}
          </DialogPrimitive.Title>
          <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
            Result {at + 1} of {total}
          </p>
        </div>
        <DialogPrimitive.Description className="line-clamp-6 text-sm whitespace-pre-wrap">
          {task.prompt || "No prompt"}
        </DialogPrimitive.Description>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={mediaUrl(task.id, index, "download")}
            download
            className="inline-flex h-8 items-center gap-2 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary/90 [&_svg]:size-4"
          >
            <Download aria-hidden />
            Download
          </a>
          {task.kind === "image" && (
            <button
              type="button"
              aria-pressed={zoomed}
              onClick={() => setZoomed((value) => !value)}
              className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-muted-foreground/30 px-3 text-sm font-medium hover:bg-muted [&_svg]:size-4"
            >
              {zoomed ? <ZoomOut aria-hidden /> : <ZoomIn aria-hidden />}
              {zoomed ? "Fit" : "100%"}
            </button>
          )}
          {canAddToBoard && (
            <button
              type="button"
              aria-expanded={boarding}
              onClick={() => setBoarding((value) => !value)}
              className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-muted-foreground/30 px-3 text-sm font-medium hover:bg-muted [&_svg]:size-4"
            >
              <LayoutGrid aria-hidden />
              Add to board
            </button>
          )}
          <QuickActions task={task} index={index} download={false} />
        </div>
        {canAddToBoard && boarding && (
          // The task, not one output: a board holds tasks. A new form for each task (its message belongs to it).
          <section aria-label="Add this task to a board" className="min-w-0 rounded-lg border p-3">
            <AddToBoard key={task.id} taskIds={[task.id]} what="this task" />
          </section>
        )}
        {code && (
          <p className="grid gap-1 text-xs text-muted-foreground">
            {code.code === "media_deleted"
              ? "The generation service deleted its copy after its retention period; this is Darkroom’s archived copy."
              : "The generation service reported an error for this task."}
            <span>
              <ErrorCodeChip shown={code} />
            </span>
          </p>
        )}
        <section aria-label="Settings" className="grid gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Settings</h3>
          <LightboxSettings task={task} />
        </section>
        <p className="hidden text-xs text-muted-foreground lg:block">← → to move, + − to zoom, Esc to close</p>
      </aside>
    </DialogContent>
  );
}
