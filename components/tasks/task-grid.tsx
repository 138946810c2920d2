"use client";

import { LoaderCircle } from "lucide-react";
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { plural } from "@/lib/format";
import type { TaskView } from "@/lib/schemas/views";
import { columnsFor, rowOffsets, visibleRows, type RowRange } from "./grid-window";
import { TaskCard } from "./task-card";
import { isLive } from "./task-format";
import { CARD_GAP, MIN_CARD_WIDTH, type Density } from "./use-density";
import { CardClock, useNow } from "./use-now";

// Cards the server's HTML holds, laid out by CSS alone until the grid has measured itself (then the window takes
// over in the same element, so these cards and their pictures stay the same DOM): two rows of four, a laptop's
// first screen and twice a phone's (twelve cost a phone's first layout and hydration a third more); a wider
// screen gets the rest of its first rows once the grid has measured itself.
const FIRST_PAINT_CARDS = 8;
// A phone's first row (two columns) loads its thumbnails first; the rest wait to be near, a wider screen's first
// row too (lazy pictures on screen load once the page is laid out). Four at once shared a phone's bandwidth with
// the largest picture, the first (issue 28).
export const EAGER_THUMBNAILS = 2;
// Before measuring, the same column rule as columnsFor in CSS (auto-fill is that formula), on the list's own
// width through a container query: two columns of 140 px on a phone, then the density's minimum.
const FIRST_PAINT_COLUMNS: Record<Density, string> = {
  comfortable: "grid-cols-[repeat(auto-fill,minmax(140px,1fr))] @min-[480px]:grid-cols-[repeat(auto-fill,minmax(220px,1fr))]",
  compact: "grid-cols-[repeat(auto-fill,minmax(140px,1fr))] @min-[480px]:grid-cols-[repeat(auto-fill,minmax(150px,1fr))]",
};
// Rows kept in the DOM beyond each edge of the viewport.
const OVERSCAN = 3;

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
 * The gallery as a grid of cards, only the rows near the viewport in the DOM (10,000 tasks stay smooth), scrolled
 * with the page: one CSS grid holds the rows shown, padded above and below by the height of the rows that are not.
 * Row heights are measured from the rows shown. Reaching the last rows asks for the next page.
 */
export function TaskGrid({ tasks, selected, onToggle, hasMore, loadingMore, onLoadMore, density }: TaskGridProps) {
  const GAP = CARD_GAP[density];
  const ref = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Measured by the observer's first report, after the first layout: read in hydration's commit, the width laid
  // the page out there and rendered the window in the same long task. Until then the server's cards stand as CSS
  // lays them out, where the window puts them too.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A transition: the cards on screen are already where CSS put them, so the grid's render can be sliced.
    const observer = new ResizeObserver(() => startTransition(() => setWidth(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // On a phone, two columns down to 300 px even when compact cards would fit three: thumbnails stay tappable.
  const minCard = width && width < 480 ? Math.min(MIN_CARD_WIDTH[density], 140) : MIN_CARD_WIDTH[density];
  const columns = columnsFor(width || 900, minCard, GAP);
  const rows = Math.ceil(tasks.length / columns);
  const cardWidth = ((width || 900) - GAP * (columns - 1)) / columns;

  // Each row's height plus the gap below it, as measured once shown; rows never shown are guessed from the card's
  // width. A new column count or gap makes new rows: measured afresh.
  const [pitches, setPitches] = useState<ReadonlyMap<string, number>>(() => new Map());
  const guess = Math.round(cardWidth * 0.75 + 170 + GAP);
  const pitchOf = useCallback((row: number) => pitches.get(`${columns}:${GAP}:${row}`) ?? guess, [pitches, columns, GAP, guess]);
  const offsets = useMemo(() => rowOffsets(rows, pitchOf), [rows, pitchOf]);

  // The rows the server's first cards fill.
  const firstRows = Math.ceil(FIRST_PAINT_CARDS / columns);

  // The window follows the scroll; a scroll that keeps the same rows renders nothing.
  const [range, setRange] = useState<RowRange>({ start: 0, end: 0 });
  // Until the grid knows its width and then its rows, it shows the server's first cards as CSS lays them out: a
  // window reckoned before (three columns guessed where a phone has two) took cards out and put them back.
  const windowed = width > 0 && range.end > 0;
  const follow = useCallback(
    (event?: Event) => {
      const element = ref.current;
      if (!element || !width) return;
      const at = {
        offsets,
        top: element.getBoundingClientRect().top + window.scrollY,
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
      };
      // Until the page first scrolls or resizes, the server's cards stay alone while they fill the screen: the
      // window's rows below it were a long task of rendering as a phone's page loaded, for cards nobody sees yet.
      const fits = !event && visibleRows({ ...at, overscan: 0 }).end * columns <= FIRST_PAINT_CARDS;
      const next = visibleRows({
        ...at,
        overscan: OVERSCAN,
        // The server's first cards stay in the DOM at the top: taking some out as the page hydrates (a phone shows
        // fewer) cost a long task of DOM removals, and they would come back at the first scroll.
        firstRows,
      });
      setRange((current) => ((current.end === 0 && fits) || (current.start === next.start && current.end === next.end) ? current : next));
    },
    [offsets, columns, width, firstRows],
  );
  useEffect(() => {
    window.addEventListener("scroll", follow, { passive: true });
    window.addEventListener("resize", follow);
    return () => {
      window.removeEventListener("scroll", follow);
      window.removeEventListener("resize", follow);
    };
  }, [follow]);
  useLayoutEffect(() => follow(), [follow]);

  // After each render that may move them, measure the rows shown: a row's pitch is where the next row starts (cards stretch to their
  // row), the last one's is its height and a gap. A row above the viewport that changed moves what is on screen:
  // the page scrolls by as much, so it stays put.
  useLayoutEffect(() => {
    const element = grid.current;
    if (!element || !windowed) return;
    const cards = element.children;
    let changed: Map<string, number> | undefined;
    let shift = 0;
    for (let row = range.start; row < range.end; row += 1) {
      const first = cards[(row - range.start) * columns] as HTMLElement | undefined;
      if (!first) break;
      const next = cards[(row + 1 - range.start) * columns] as HTMLElement | undefined;
      const pitch = next ? next.offsetTop - first.offsetTop : first.offsetHeight + GAP;
      const known = pitchOf(row);
      if (Math.abs(pitch - known) < 0.5) continue;
      changed ??= new Map(pitches);
      changed.set(`${columns}:${GAP}:${row}`, pitch);
      if (first.getBoundingClientRect().bottom < 0) shift += pitch - known;
    }
    if (!changed) return;
    if (shift) window.scrollBy(0, shift);
    // Measuring the DOM after render is what a layout effect is for; the next render uses what it found, and stops
    // measuring once nothing moves by half a pixel.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPitches(changed);
    // `tasks`: a card whose task changed (a credits line, a warning) may change its row's height.
  }, [windowed, range, columns, GAP, pitches, pitchOf, tasks]);

  const anyLive = tasks.some(isLive);
  const now = useNow(1000, anyLive);
  const card = (task: TaskView, index: number) => (
    <TaskCard
      key={task.id}
      task={task}
      index={index}
      total={tasks.length}
      selected={selected.has(task.id)}
      onToggle={onToggle}
      eager={index < EAGER_THUMBNAILS}
    />
  );
  const shown = windowed
    ? tasks.slice(range.start * columns, range.end * columns).map((task, i) => card(task, range.start * columns + i))
    : tasks.slice(0, FIRST_PAINT_CARDS).map(card);

  // One past the last row drawn; the rows after it are the grid's padding. Before the window takes over, the rows
  // not drawn yet are padding too once the grid knows its width: the page is as long as the list, so its
  // scrollbar and its footer are where they will be.
  const drawnEnd = windowed ? range.end : width ? Math.min(rows, firstRows) : rows;

  useEffect(() => {
    if (windowed && hasMore && !loadingMore && range.end >= rows - 2) onLoadMore();
  }, [windowed, hasMore, loadingMore, range.end, rows, onLoadMore]);

  return (
    <div>
      <div ref={ref} role="list" aria-label="Tasks" data-density={density} data-columns={columns} className="@container w-full">
        <div
          ref={grid}
          role="none"
          // Not a scroll anchor for the browser: the layout effect above keeps what is on screen in place, and
          // the browser's own anchoring would move it a second time.
          className={windowed ? "grid [overflow-anchor:none]" : `grid ${FIRST_PAINT_COLUMNS[density]}`}
          style={{
            gap: GAP,
            // The gap after the last row shown is the padding's: a row's pitch includes the gap below it.
            paddingBottom: offsets[rows]! - offsets[drawnEnd]! + GAP,
            ...(windowed ? { paddingTop: offsets[range.start], gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : {}),
          }}
        >
          <CardClock value={now}>{shown}</CardClock>
        </div>
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
