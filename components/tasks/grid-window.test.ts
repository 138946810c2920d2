import { describe, expect, it } from "vitest";
import { columnsFor, rowOffsets, visibleRows } from "./grid-window";

describe("the gallery grid's window", () => {
  it("counts columns as CSS auto-fill does", () => {
    expect(columnsFor(900, 220, 16)).toBe(3);
    expect(columnsFor(944, 220, 16)).toBe(4);
    expect(columnsFor(100, 220, 16)).toBe(1);
  });

  it("adds the rows' pitches up, measured or guessed", () => {
    const measured = new Map([[1, 300]]);
    expect(rowOffsets(3, (row) => measured.get(row) ?? 250)).toEqual([0, 250, 550, 800]);
    expect(rowOffsets(0, () => 250)).toEqual([0]);
  });

  it("keeps the rows the viewport shows and the overscan around them", () => {
    const offsets = rowOffsets(100, () => 200);
    // The grid starts 300 px down the page; the viewport shows page 0–800, grid rows 0–2.
    expect(visibleRows({ offsets, top: 300, scrollY: 0, viewportHeight: 800, overscan: 3 })).toEqual({ start: 0, end: 6 });
    // Scrolled to grid 5,000–5,800: rows 25–29, and 3 more each side.
    expect(visibleRows({ offsets, top: 300, scrollY: 5300, viewportHeight: 800, overscan: 3 })).toEqual({ start: 22, end: 33 });
    // Past the end: the last rows, never beyond.
    expect(visibleRows({ offsets, top: 300, scrollY: 50_000, viewportHeight: 800, overscan: 3 })).toEqual({ start: 96, end: 100 });
  });

  it("keeps the first rows (the server's first cards) while the window reaches the top", () => {
    const offsets = rowOffsets(100, () => 400);
    // A phone: rows 0–1 on screen and 3 more, where the server's HTML held 6 rows of cards.
    expect(visibleRows({ offsets, top: 400, scrollY: 0, viewportHeight: 800, overscan: 3, firstRows: 6 })).toEqual({ start: 0, end: 6 });
    // Never more rows than there are; scrolled away from the top, the window alone.
    expect(
      visibleRows({ offsets: rowOffsets(2, () => 400), top: 400, scrollY: 0, viewportHeight: 800, overscan: 3, firstRows: 6 }),
    ).toEqual({ start: 0, end: 2 });
    expect(visibleRows({ offsets, top: 400, scrollY: 8000, viewportHeight: 800, overscan: 3, firstRows: 6 })).toEqual({
      start: 16,
      end: 25,
    });
  });

  it("follows rows of different heights", () => {
    const offsets = rowOffsets(4, (row) => [100, 500, 100, 100][row]!);
    expect(visibleRows({ offsets, top: 0, scrollY: 200, viewportHeight: 100, overscan: 0 })).toEqual({ start: 1, end: 2 });
    expect(visibleRows({ offsets, top: 0, scrollY: 650, viewportHeight: 10, overscan: 0 })).toEqual({ start: 2, end: 3 });
  });

  it("has nothing to show without rows", () => {
    expect(visibleRows({ offsets: [0], top: 0, scrollY: 0, viewportHeight: 800, overscan: 3 })).toEqual({ start: 0, end: 0 });
  });
});
