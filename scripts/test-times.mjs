// `node scripts/test-times.mjs`: where the last `npm test` spent its time, from what it left in .test-logs:
// each check's wall and CPU seconds (phases.json, from bash's `times`), the vitest files that took the most
// CPU in their worker (vitest-cpu/, written by lib/testing/setup-env.ts), and the slowest Playwright specs
// (playwright-<port>.json, its JSON reporter). `--save` also writes e2e/durations.json from the specs' seconds.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const logs = ".test-logs";
const read = (file) => JSON.parse(readFileSync(path.join(logs, file), "utf8"));
const table = (title, head, rows) => {
  console.log(`\n${title}\n| ${head.join(" | ")} |\n|${head.map(() => " --- ").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
};
const s = (seconds) => seconds.toFixed(0);

if (existsSync(path.join(logs, "phases.json"))) {
  const phases = read("phases.json");
  table(
    "Checks: wall and CPU seconds (a check's own processes; a phase's, the whole machine's)",
    ["check", "wall s", "CPU s"],
    phases.map((p) => [(p.machine ? `**${p.name}**` : p.name) + (p.passed ? "" : " (failed)"), s(p.seconds), s(p.cpu)]),
  );
}

const cpuDir = path.join(logs, "vitest-cpu");
if (existsSync(cpuDir)) {
  const byFile = new Map();
  for (const name of readdirSync(cpuDir)) {
    const { file, project, cpu } = JSON.parse(readFileSync(path.join(cpuDir, name), "utf8"));
    const key = `${file} (${project})`;
    byFile.set(key, (byFile.get(key) ?? 0) + cpu);
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, cpu]) => sum + cpu, 0);
  table(
    `vitest: the 20 costliest of ${rows.length} file runs (CPU s in the worker; all files ${s(total)})`,
    ["file", "CPU s"],
    rows.slice(0, 20).map(([file, cpu]) => [file, cpu.toFixed(1)]),
  );
}

// Each browser spec's seconds over every lane's report (the first-run spec runs in each lane).
const specs = new Map();
for (const name of existsSync(logs) ? readdirSync(logs).filter((entry) => /^playwright-\d+\.json$/.test(entry)) : []) {
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) specs.set(spec.file, (specs.get(spec.file) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of read(name).suites ?? []) walk(suite);
}
if (specs.size > 0) {
  const rows = [...specs].sort((a, b) => b[1] - a[1]);
  table(
    `Playwright: the 20 slowest of ${rows.length} specs (wall s, summed over the lanes; all ${s(rows.reduce((sum, [, t]) => sum + t, 0))})`,
    ["spec", "s"],
    rows.slice(0, 20).map(([file, seconds]) => [file, seconds.toFixed(1)]),
  );
  // `--save`: these seconds become e2e/durations.json, which scripts/test.mjs deals the specs into lanes by.
  if (process.argv.includes("--save")) {
    const durations = Object.fromEntries(rows.filter(([file]) => file !== "first-run.spec.ts").map(([file, t]) => [file, Math.round(t)]));
    writeFileSync("e2e/durations.json", `${JSON.stringify(durations, null, 2)}\n`);
    console.log("\nWrote e2e/durations.json");
  }
}
