// `node scripts/test-failures.mjs`: what failed in the last `npm test`, printed last so that the tail of a CI log
// (often all a CI page keeps) names it. Each failed or flaky test with the first lines of its error, from
// vitest's and Playwright's JSON reports; for a check without a report (or one that failed outside its tests),
// the end of its log.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const logs = ".test-logs";
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, "");
const firstLines = (text, count = 12) =>
  plain(text)
    .split("\n")
    .slice(0, count)
    .map((line) => `    ${line}`)
    .join("\n");
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(path.join(logs, file), "utf8"));
  } catch {
    return undefined;
  }
};

const failed = [];
const flaky = [];
// The checks whose failures a report already named (the others get their log's end).
const named = new Set();

// vitest: one report for the SQLite and Postgres legs together.
for (const file of readJson("vitest.json")?.testResults ?? []) {
  const name = path.relative(process.cwd(), file.name);
  const tests = file.assertionResults.filter((test) => test.status === "failed");
  for (const test of tests) failed.push(`vitest ${name} › ${test.fullName}\n${firstLines(test.failureMessages.join("\n"))}`);
  if (tests.length === 0 && file.status === "failed") failed.push(`vitest ${name} (the file itself)\n${firstLines(file.message ?? "")}`);
  if (file.status === "failed") named.add("vitest");
}

// Playwright: a report per lane. "flaky" is a test that failed and then passed on its retry.
for (const report of existsSync(logs) ? readdirSync(logs).filter((entry) => /^playwright-\d+\.json$/.test(entry)) : []) {
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = test.results.find((result) => result.error)?.error;
        const line = `playwright ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(error?.stack ?? error?.message ?? "")}`;
        (test.status === "flaky" ? flaky : failed).push(line);
        // playwright-3100.json is lane 1's (scripts/test.mjs gives lane i the port 3100 + 10 (i - 1)).
        if (test.status === "unexpected") named.add(`playwright-${(Number(/\d+/.exec(report)[0]) - 3100) / 10 + 1}`);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  const json = readJson(report);
  for (const suite of json?.suites ?? []) walk(suite);
  for (const error of json?.errors ?? [])
    failed.push(`playwright (${report}, outside a test)\n${firstLines(error.stack ?? error.message ?? "")}`);
}

// A failed check whose tests all passed (or that has no report) failed elsewhere: its log's last lines say where.
const phases = readJson("phases.json") ?? [];
for (const check of phases.filter((entry) => !entry.passed && !entry.machine)) {
  if (named.has(check.name)) continue;
  const log = path.join(logs, `${check.name}.log`);
  if (!existsSync(log)) continue;
  const tail = plain(readFileSync(log, "utf8")).trimEnd().split("\n").slice(-40);
  failed.push(`${check.name}: the end of its log\n${tail.map((line) => `    ${line}`).join("\n")}`);
}

if (flaky.length > 0) console.log(`\nFlaky: ${flaky.length} test(s) failed once and passed on the retry\n\n${flaky.join("\n\n")}`);
if (failed.length > 0) console.log(`\nFailed: ${failed.length}\n\n${failed.join("\n\n")}`);
