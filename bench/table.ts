// A benchmark's results as a Markdown table. No server-only import: the emulator's bench shares it.

export interface Row {
  measure: string;
  result: string;
  target: string;
  /** Whether the target was met; undefined for lines that only inform. */
  ok?: boolean;
}

export function printTable(rows: Row[], verdict: { ok: string; missed: string } = { ok: "PASS", missed: "FAIL" }): void {
  const cells = rows.map((r) => [r.measure, r.result, r.target, r.ok === undefined ? "" : r.ok ? verdict.ok : verdict.missed]);
  const header = ["measure", "result", "target", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of cells) console.log(line(c));
}
