// The arithmetic of the gallery's windowed grid (task-grid.tsx), kept apart so it can be tested without a browser.

/** As many columns as fit cards of at least `min` px (CSS grid's auto-fill minmax, computed for the window). */
export const columnsFor = (width: number, min: number, gap: number) => Math.max(1, Math.floor((width + gap) / (min + gap)));

export interface RowRange {
  /** First row in the DOM. */
  start: number;
  /** One past the last row in the DOM. */
  end: number;
}

/** Where each row starts, from the grid's top, and where the last one ends: `rows + 1` numbers. */
export function rowOffsets(rows: number, pitchOf: (row: number) => number): number[] {
  const offsets = [0];
  for (let row = 0; row < rows; row += 1) offsets.push(offsets[row]! + pitchOf(row));
  return offsets;
}

/** The last row starting at or before `y` (0 when y is above the grid). */
function rowAt(offsets: readonly number[], y: number): number {
  let [low, high] = [0, offsets.length - 2];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (offsets[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return Math.max(low, 0);
}

interface WindowInput {
  offsets: readonly number[];
  /** Where the grid starts, in page coordinates. */
  top: number;
  scrollY: number;
  viewportHeight: number;
  /** Rows kept beyond each edge of the viewport. */
  overscan: number;
  /** Rows kept from the first while the window includes it (the server's first cards). */
  firstRows?: number;
}

/** The rows near the viewport: those it shows, plus `overscan` rows before and after. */
export function visibleRows({ offsets, top, scrollY, viewportHeight, overscan, firstRows = 0 }: WindowInput): RowRange {
  const rows = offsets.length - 1;
  if (rows <= 0) return { start: 0, end: 0 };
  const start = Math.max(rowAt(offsets, scrollY - top) - overscan, 0);
  const end = rowAt(offsets, scrollY + viewportHeight - top) + 1 + overscan;
  return { start, end: Math.min(start === 0 ? Math.max(end, firstRows) : end, rows) };
}
