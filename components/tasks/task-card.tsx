"use client";

import { Film, ImageIcon, LoaderCircle, Star, TriangleAlert } from "lucide-react";
import { Link } from "@/components/ui/link";
import { memo, useId, type MouseEvent, type ReactNode } from "react";
import { ErrorCodeChip } from "@/components/shared/error-code-chip";
import { taskErrorCode } from "@/components/shared/error-codes";
import { TaskProgress } from "@/components/shared/task-progress";
import { useOpenLightbox } from "@/components/shared/lightbox/open-context";
import { QuickActions } from "@/components/shared/quick-actions";
import { ResultThumb } from "@/components/shared/result-thumb";
import { Badge } from "@/components/ui/badge";
import { taskPageHref, type TaskView } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { prefetchSelectionActions } from "./load-selection-actions";
import { useCardClock } from "./use-now";
import { age, copyAtRisk, creditsLine, isLive, modelLabel, statusBadge, upstreamCopyAt } from "./task-format";

interface TaskCardProps {
  task: TaskView;
  index: number;
  total: number;
  selected: boolean;
  /** Left out where cards are not selected (a board's page): no checkbox. */
  onToggle?: (index: number, range: boolean) => void;
  /** Below the actions: a board's Move and Remove buttons. */
  footer?: ReactNode;
  /** In the first row: its thumbnail loads at once, first (see ResultThumb). */
  eager?: boolean;
}

/** One task in the gallery: its thumbnail (never the full file), status, who, what, when and what it cost. */
export const TaskCard = memo(function TaskCard({ task, index, total, selected, onToggle, footer, eager }: TaskCardProps) {
  const titleId = useId();
  const href = taskPageHref(task);
  const badge = statusBadge(task);
  const credits = creditsLine(task);
  const code = taskErrorCode(task);
  const excerpt = task.prompt?.trim() || "No prompt";
  const KindIcon = task.kind === "video" ? Film : ImageIcon;
  const openLightbox = useOpenLightbox();
  const onOpen = openLightbox ? () => openLightbox({ taskId: task.id, index: 0 }) : undefined;
  return (
    <article
      role="listitem"
      aria-labelledby={titleId}
      aria-posinset={index + 1}
      aria-setsize={total}
      data-task-id={task.id}
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary/50",
        selected && "ring-2 ring-primary",
      )}
    >
      <div className="relative aspect-[4/3] bg-muted">
        {task.thumbnailUrl && onOpen ? (
          // A click on the picture opens the lightbox; the "Open in viewer" button below does it from the keyboard.
          <div aria-hidden className="absolute inset-0">
            <ResultThumb task={task} onOpen={onOpen} tabIndex={-1} eager={eager} />
          </div>
        ) : (
          <Link href={href} tabIndex={-1} aria-hidden className="absolute inset-0 flex items-center justify-center">
            {task.thumbnailUrl ? (
              <ResultThumb task={task} eager={eager} />
            ) : task.status === "failed" || task.lost ? (
              <TriangleAlert className="size-8 text-muted-foreground" />
            ) : isLive(task) ? (
              <LoaderCircle className="size-8 animate-spin text-muted-foreground motion-reduce:animate-none" />
            ) : (
              <KindIcon className="size-8 text-muted-foreground" />
            )}
          </Link>
        )}
        {onToggle && (
          <label
            className="absolute top-2 left-2 flex size-8 cursor-pointer items-center justify-center rounded-md bg-card/90 shadow-sm"
            onPointerEnter={prefetchSelectionActions}
          >
            <input
              type="checkbox"
              onFocus={prefetchSelectionActions}
              checked={selected}
              onChange={() => undefined}
              onClick={(event: MouseEvent<HTMLInputElement>) => onToggle(index, event.shiftKey)}
              className="size-4 cursor-pointer accent-primary"
              aria-label={`Select ${modelLabel(task.model)} task: ${excerpt.slice(0, 60)}`}
            />
          </label>
        )}
        {task.favourite && (
          <span
            className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-md bg-card/90 shadow-sm"
            title="Favourite"
          >
            <Star className="size-4 fill-current text-warning" aria-hidden />
            <span className="sr-only">Favourite</span>
          </span>
        )}
      </div>
      <div className="grid min-w-0 flex-1 grid-cols-1 content-start gap-1.5 p-3 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <Badge variant={badge.tone}>
            {badge.busy && <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />}
            {badge.text}
          </Badge>
          <CardAge at={task.createdAt} />
        </div>
        {/* Under the status it explains, on a line of its own: a long code beside the badge would push the time down. */}
        {code && <ErrorCodeChip shown={code} />}
        <h3 id={titleId} className="flex items-center gap-1.5 leading-tight font-semibold">
          <KindIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label={task.kind === "video" ? "Video" : "Image"} />
          <Link href={href} className="truncate rounded-sm underline-offset-4 hover:underline">
            {modelLabel(task.model)}
          </Link>
        </h3>
        <p className="truncate text-xs text-muted-foreground">
          {task.member.name ?? "Unknown member"}
          {task.viaToken && <> · via token {task.viaToken}</>}
        </p>
        <p className="line-clamp-2 text-muted-foreground">{excerpt}</p>
        {credits && <p className="text-xs font-medium">{credits}</p>}
        <CardNotice task={task} />
        <QuickActions task={task} onOpen={onOpen} className="mt-auto pt-1.5" />
        {footer}
      </div>
    </article>
  );
});

/** When the task was made, in words once the page has a clock (none is server-rendered). */
function CardAge({ at }: { at: string }) {
  const now = useCardClock();
  return (
    <time dateTime={at} className="text-xs whitespace-nowrap text-muted-foreground">
      {now ? age(at, now) : ""}
    </time>
  );
}

/** What the clock changes below a card's facts: its upstream copy's expiry, or a live task's progress. */
function CardNotice({ task }: { task: TaskView }) {
  const now = useCardClock();
  const copy = upstreamCopyAt(task, now);
  return copyAtRisk(copy) ? (
    <Warning>
      {copy.state === "expired" ? "Upstream copy expired, not archived" : `Upstream copy expires ${age(copy.expiresAt, now)}, not archived`}
    </Warning>
  ) : task.status === "succeeded" && task.archive.state === "failed" ? (
    <Warning>Not saved to the archive</Warning>
  ) : (
    // The deadline is the generation's: a result being saved has met it already.
    isLive(task) && task.status !== "archiving" && now > 0 && <TaskProgress createdAt={task.createdAt} estimate={task.estimate} now={now} />
  );
}

function Warning({ children }: { children: React.ReactNode }) {
  return (
    <p className="flex items-center gap-1 text-xs font-medium">
      <TriangleAlert aria-hidden className="size-3.5 shrink-0 text-warning" />
      {children}
    </p>
  );
}
