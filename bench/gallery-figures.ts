// bench:gallery's arguments and its query figures as table rows: one size's rows, or how each figure grows
// across sizes (`--growth`). The targets: issue 47's at a million tasks, the earlier ones below it.
import type { SizedFigures } from "./query-figures";
import type { Row } from "./table";

export type { Row } from "./table";

/** `--rows N` (default 100,000: the size docs/performance.md's first table is of) and `--growth`. */
export function benchArguments(argv: string[]): { rows: number; growth: boolean } {
  const growth = argv.includes("--growth");
  const at = argv.indexOf("--rows");
  const given = at >= 0 ? Number(argv[at + 1]?.replaceAll(/[_,]/g, "")) : undefined;
  if (given !== undefined && !(Number.isInteger(given) && given >= 1_000 && given <= 1_000_000)) {
    // Task ids carry six digits (task_bench_NNNNNN): a million rows is the most.
    throw new Error("--rows takes a whole number from 1000 to 1000000");
  }
  return { growth, rows: given ?? (growth ? 1_000_000 : 100_000) };
}

type Key = "first" | "deep" | "search" | "credits";
const KEYS: Key[] = ["first", "deep", "search", "credits"];

/** Ratios to the primary-key page: issue 47's at a million tasks; below, the targets the 100,000 table was held to. */
export function targetsFor(total: number): Partial<Record<Key, number>> {
  return total >= 1_000_000 ? { first: 2, deep: 2, search: 2, credits: 3 } : { deep: 1.5, search: 3, credits: 5 };
}

const count = (n: number) => n.toLocaleString("en");
const short = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n));
const ms = (value: number) => `${value.toFixed(2)} ms`;
const nameOf = (f: SizedFigures) => (f.dialect === "postgres" ? "Postgres" : "SQLite");

function label(key: Key, f: SizedFigures): string {
  if (key === "first") return "first page of the list";
  if (key === "deep") return `cursor after ${count(f.deepRow)} rows`;
  if (key === "search") return `prompt search \`task ${f.searchRow}:\` (${f.searchMatches} match)`;
  return "Credits figures, all time";
}

/** One size's rows: the seed, the baseline, and each figure as a ratio to it. */
export function queryRows(f: SizedFigures): Row[] {
  const name = nameOf(f);
  const targets = targetsFor(f.total);
  return [
    { measure: `${name}: seed ${count(f.total)} tasks`, result: `${f.seedSeconds.toFixed(1)} s`, target: "" },
    { measure: `${name}: baseline, one page (51 rows) by primary key, p95`, result: ms(f.baseline), target: "" },
    ...KEYS.map((key) => {
      const target = targets[key];
      return {
        measure: `${name}: ${label(key, f)}, p95`,
        result: `${ms(f[key])} = ${(f[key] / f.baseline).toFixed(2)}×`,
        target: target ? `≤ ${target}× baseline` : "",
        ok: target ? f[key] <= target * f.baseline : undefined,
      };
    }),
  ];
}

/** How each figure grows from the smallest size to the largest (one row per figure), judged at the largest. */
export function growthRows(all: SizedFigures[]): Row[] {
  const name = nameOf(all[0]!);
  const last = all.at(-1)!;
  const targets = targetsFor(last.total);
  const across = (cell: (f: SizedFigures) => string) => all.map((f) => `${short(f.total)} ${cell(f)}`).join(" · ");
  return [
    { measure: `${name}: seed (each step's rows)`, result: across((f) => `${f.seedSeconds.toFixed(1)} s`), target: "" },
    { measure: `${name}: baseline, one page by primary key, p95`, result: across((f) => ms(f.baseline)), target: "" },
    ...KEYS.map((key) => {
      const target = targets[key];
      const what = key === "deep" ? "cursor halfway down" : key === "search" ? "prompt search (1 match)" : label(key, last);
      return {
        measure: `${name}: ${what}, p95 ÷ baseline`,
        result: across((f) => `${(f[key] / f.baseline).toFixed(2)}× (${f[key].toFixed(1)} ms)`),
        target: target ? `≤ ${target}× at ${short(last.total)}` : "",
        ok: target ? last[key] <= target * last.baseline : undefined,
      };
    }),
  ];
}
