"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { LoaderCircle } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { plural } from "@/lib/format";
import type { TaskView } from "@/lib/schemas/views";
import { TaskCard } from "./task-card";
import { isLive } from "./task-format";
import { CARD_GAP, MIN_CARD_WIDTH, type Density } from "./use-density";
import { useNow } from "./use-now";

// Cards the server's HTML holds, laid out by CSS alone until the grid has measured itself (then virtual rows
// take over at the same places): enough to fill a first screen at any width.
const FIRST_PAINT_CARDS = 12;
// The first row at the gallery's widest (four columns) loads its thumbnails first; the rest wait to be near.
export const EAGER_THUMBNAILS = 4;
// Before measuring, the same column rule as columnsFor in CSS (auto-fill is that formula), on the list's own
// width through a container query: two columns of 140 px on a phone, then the density's minimum.
const FIRST_PAINT_COLUMNS: Record<Density, string> = {
  comfortable: "grid-cols-[repeat(auto-fill,minmax(140px,1fr))] @min-[480px]:grid-cols-[repeat(auto-fill,minmax(220px,1fr))]",
  compact: "grid-cols-[repeat(auto-fill,minmax(140px,1fr))] @min-[480px]:grid-cols-[repeat(auto-fill,minmax(150px,1fr))]",
};

/** As many columns as fit cards of at least `min` px (CSS grid's auto-fill minmax, computed here for the virtual rows). */
const columnsFor = (width: number, min: number, gap: number) => Math.max(1, Math.floor((width + gap) / (min + gap)));

interface TaskGridProps {
  tasks: TaskView[];
  selected: ReadonlySet<string>;
  onToggle: (index: number, range: boolean) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  density: Density;
}

/**
 * The gallery as rows of cards, only the rows near the viewport in the DOM (10,000 tasks stay smooth), scrolled
 * with the page. Reaching the last rows asks for the next page.
 */
export function TaskGrid({ tasks, selected, onToggle, hasMore, loadingMore, onLoadMore, density }: TaskGridProps) {
  const GAP = CARD_GAP[density];
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth);
      setOffset(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // On a phone, two columns down to 300 px even when compact cards would fit three: thumbnails stay tappable.
  const minCard = width && width < 480 ? Math.min(MIN_CARD_WIDTH[density], 140) : MIN_CARD_WIDTH[density];
  const columns = columnsFor(width || 900, minCard, GAP);
  const rows = Math.ceil(tasks.length / columns);
  const cardWidth = ((width || 900) - GAP * (columns - 1)) / columns;
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => Math.round(cardWidth * 0.75 + 170 + GAP),
    overscan: 3,
    scrollMargin: offset,
  });
  const items = virtualizer.getVirtualItems();
  const card = (task: TaskView, index: number) => (
    <TaskCard
      key={task.id}
      task={task}
      index={index}
      total={tasks.length}
      selected={selected.has(task.id)}
      now={now}
      onToggle={onToggle}
      eager={index < EAGER_THUMBNAILS}
    />
  );
  const lastRow = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastRow >= rows - 2) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rows, onLoadMore]);

  const anyLive = tasks.some(isLive);
  const now = useNow(1000, anyLive);

  return (
    <div>
      <div
        ref={ref}
        role="list"
        aria-label="Tasks"
        data-density={density}
        data-columns={columns}
        className="@container relative w-full"
        style={width ? { height: virtualizer.getTotalSize() } : undefined}
      >
        {!width && (
          <div role="none" className={`grid ${FIRST_PAINT_COLUMNS[density]}`} style={{ gap: GAP, paddingBottom: GAP }}>
            {tasks.slice(0, FIRST_PAINT_CARDS).map(card)}
          </div>
        )}
        {Boolean(width) &&
          items.map((row) => (
            <div
              key={row.key}
              role="none"
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 grid w-full"
              style={{
                transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: GAP,
                paddingBottom: GAP,
              }}
            >
              {tasks.slice(row.index * columns, row.index * columns + columns).map((task, i) => card(task, row.index * columns + i))}
            </div>
          ))}
      </div>
      <div className="flex min-h-10 items-center justify-center text-sm text-muted-foreground" aria-live="polite">
        {loadingMore ? (
          <span className="inline-flex items-center gap-2">
            <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            Loading more tasks…
          </span>
        ) : hasMore ? (
          <button type="button" className="rounded-sm underline underline-offset-4" onClick={onLoadMore}>
            Load more tasks
          </button>
        ) : tasks.length > 0 ? (
          <span>{plural(tasks.length, "task")}, all shown</span>
        ) : null}
      </div>
    </div>
  );
}
