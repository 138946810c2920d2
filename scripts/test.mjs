// `npm test`: every check the project has, in two phases; the second starts only when the first passed.
// Checks run side by side: the browser tests, the profile matrix and the several-instance run spend most of
// their time waiting (on the emulator's clock, the API's rate limit, a failover), so on a two-core machine
// running them beside the CPU-bound ones takes little longer than the slowest lane alone.
// Each check's output is printed whole when it ends (and meanwhile written to .test-logs/<name>.log).
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";

const bin = (name) => path.join("node_modules", ".bin", name);
const npmRun = (script) => ["npm", ["run", "--silent", script]];

const checks = {
  types: [bin("tsc"), ["--noEmit"]],
  lint: [bin("eslint"), ["."]],
  format: [bin("prettier"), ["--check", "."]],
  // One build for everything after it: Playwright's server and test:scale's instances start from it.
  build: [bin("next"), ["build"]],
  vitest: [bin("vitest"), ["run"]],
  playwright: [bin("playwright"), ["test"]],
  profiles: npmRun("test:profiles"),
  scale: npmRun("test:scale"),
};

// Not under test-results/: Playwright empties that folder when it starts.
const logs = ".test-logs";

function run(name) {
  const [command, args] = checks[name];
  const started = Date.now();
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  const file = createWriteStream(path.join(logs, `${name}.log`));
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      output.push(chunk);
      file.write(chunk);
    });
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      // The output of a check run beside others, in one piece, so it reads as if it had run alone.
      process.stdout.write(`\n──── ${name}: output ────\n${Buffer.concat(output).toString()}`);
      console.log(`──── ${name}: ${outcome} in ${seconds} s ────`);
      resolve(code === 0);
    });
  });
}

const all = async (...lanes) => (await Promise.all(lanes)).every(Boolean);

mkdirSync(logs, { recursive: true });
// Phase 1: the static checks, and the build once the type check is done (tsc reads .next/types, which the
// build writes).
if (
  !(await all(
    run("lint"),
    run("format"),
    run("types").then(async (ok) => ok && (await run("build"))),
  ))
)
  process.exit(1);
// Phase 2: Playwright (mostly waiting on the emulator's clock) beside vitest, then beside the profile matrix
// and the several-instance run (mostly waiting on the rate limit and a failover).
const passed = await all(
  run("playwright"),
  run("vitest").then(async (ok) => ok && (await all(run("profiles"), run("scale")))),
);
process.exit(passed ? 0 : 1);
