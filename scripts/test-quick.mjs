// `npm run test:quick [base]`: the inner loop's check, for what changed since `base` (default HEAD, so the
// uncommitted work; untracked files count too). The type check of the whole project (incremental: tsc keeps
// its build info), ESLint and Prettier on the changed files, and the unit tests of the changed files and of
// the files that import them directly, on SQLite only. `npm test` stays the whole suite.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const base = process.argv[2] ?? "HEAD";
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
const changed = [
  ...new Set([...git("diff", "--name-only", "--diff-filter=d", base), ...git("ls-files", "--others", "--exclude-standard")]),
].filter((file) => existsSync(file));

const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIP = new Set(["node_modules", ".next", ".git", "data", "test-results", ".test-logs", "screenshots"]);
function sources(dir = ".") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(file) : SOURCE.test(entry.name) ? [file] : [];
  });
}

/** What a specifier names in the repository ("@/lib/x", "./y"), as a file path, if it is one of ours. */
function resolve(from, specifier) {
  const bare = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : undefined;
  if (bare === undefined) return undefined;
  for (const candidate of [bare, `${bare}.ts`, `${bare}.tsx`, `${bare}.mjs`, path.join(bare, "index.ts"), path.join(bare, "index.tsx")])
    if (existsSync(candidate) && SOURCE.test(candidate)) return path.normalize(candidate);
  return undefined;
}

// Who imports whom, read from the import statements (static and dynamic).
const importers = new Map();
for (const file of sources()) {
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    const target = resolve(file, specifier);
    if (target) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
}

const isTest = (file) => file.endsWith(".test.ts");
const code = changed.filter((file) => SOURCE.test(file));
// The changed files and their direct importers; then every test among them or importing one of them.
const reached = new Set(code.flatMap((file) => [file, ...(importers.get(file) ?? [])]));
const tests = new Set([...reached].filter(isTest));
for (const file of reached) for (const importer of importers.get(file) ?? []) if (isTest(importer)) tests.add(importer);
const unitTests = [...tests].filter((file) => !file.endsWith(".postgres.test.ts")).sort();

const bin = (name) => path.join("node_modules", ".bin", name);
function run(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("close", (status) => {
      console.log(`──── ${label}: ${status === 0 ? "passed" : "failed"} in ${((Date.now() - started) / 1000).toFixed(0)} s ────`);
      resolve(status === 0);
    });
  });
}

console.log(`${changed.length} changed files since ${base}; ${unitTests.length} test files to run`);
const lintable = changed.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
const results = await Promise.all([
  run("types", bin("tsc"), ["--noEmit"]),
  lintable.length ? run("lint", bin("eslint"), ["--cache", "--cache-location", ".test-logs/eslint-cache", ...lintable]) : true,
  changed.length ? run("format", bin("prettier"), ["--check", "--ignore-unknown", ...changed]) : true,
]);
const tested = unitTests.length ? await run("vitest", bin("vitest"), ["run", "--project", "sqlite", ...unitTests]) : true;
process.exit(results.every(Boolean) && tested ? 0 : 1);
