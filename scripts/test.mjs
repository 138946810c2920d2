// `npm test`: every check the project has, in two phases; the second starts only when the first passed.
// The suite waits far more than it computes (on the emulator's clock, the engine's 5 s polls, the API's rate
// limit, a failover), so phase 2 runs its checks side by side: the browser specs in three lanes, each with its
// own server, emulator and database; vitest with more workers than cores; the several-instance run from the
// start, since the API's rate limit paces it. Each check's output is printed whole when it ends (and meanwhile
// written to .test-logs/<name>.log); `node scripts/test-times.mjs` then prints where the time went.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const bin = (name) => path.join("node_modules", ".bin", name);
const npmRun = (script) => ({ command: "npm", args: ["run", "--silent", script] });

// Not under test-results/: Playwright empties that folder when it starts.
const logs = ".test-logs";
const PLAYWRIGHT_LANES = 3;
// What the first-run spec's checks besides the admin's setup take in one lane (measured: 34 s for all five, 22 s for the setup).
const FIRST_RUN_CHECKS_SECONDS = 12;

// The vitest check notes which emulator profile switches each file's requests consulted; the profile matrix
// reads those notes instead of running its files once more under the default profile (bench/profiles.ts).
const profileReads = { PROFILE_READS_DIR: path.resolve(logs, "profile-reads") };

const checks = {
  // `next typegen`, then tsc over everything with the routes' generated types: the one type check (the build skips its own).
  types: npmRun("typecheck"),
  lint: { command: bin("eslint"), args: [".", "--cache", "--cache-location", path.join(logs, "eslint-cache")] },
  format: { command: bin("prettier"), args: ["--check", "."] },
  // One build for everything after it: Playwright's servers and test:scale's instances start from it.
  build: { command: bin("next"), args: ["build"] },
  vitest: {
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${logs}/vitest.json`],
    env: profileReads,
  },
  profiles: { ...npmRun("test:profiles"), env: profileReads },
  scale: npmRun("test:scale"),
};
playwrightLanes(PLAYWRIGHT_LANES).forEach((files, i) => {
  // Each lane its own ports, so its own server, emulator, data folder and first admin (playwright.config.ts).
  checks[`playwright-${i + 1}`] = {
    command: bin("playwright"),
    // One retry, here only (`npm run test:e2e` has none): a browser test that failed once and then passed is
    // reported as flaky, named at the end of the run (scripts/test-failures.mjs), and is a bug to fix.
    args: ["test", "--retries=1", ...files],
    // The first-run spec's checks in lane 1 only; the other lanes run just the setup of their first admin.
    env: { E2E_PORT: String(3100 + 10 * i), E2E_EMULATOR_PORT: String(4110 + 10 * i), ...(i > 0 ? { E2E_FIRST_RUN: "setup-only" } : {}) },
  };
});

/**
 * The browser specs dealt into `count` lanes of about equal time, longest first, from each spec's seconds in
 * e2e/durations.json (`node scripts/test-times.mjs --save` writes it from the last run; a new spec counts 20 s).
 */
function playwrightLanes(count) {
  const seconds = JSON.parse(readFileSync("e2e/durations.json", "utf8"));
  const specs = readdirSync("e2e").filter((name) => name.endsWith(".spec.ts") && name !== "first-run.spec.ts");
  const weight = (spec) => seconds[spec] ?? 20;
  // Lane 1 alone runs the first-run spec's checks besides the setup (playwright.config.ts): it starts that much behind.
  const lanes = Array.from({ length: count }, (_, i) => ({ seconds: i === 0 ? FIRST_RUN_CHECKS_SECONDS : 0, files: [] }));
  for (const spec of specs.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lane = lanes.reduce((least, other) => (other.seconds < least.seconds ? other : least));
    lane.files.push(`e2e/${spec}`);
    lane.seconds += weight(spec);
  }
  return lanes.map((lane) => lane.files.sort());
}

const phases = [];
const record = (entry) => {
  phases.push(entry);
  writeFileSync(path.join(logs, "phases.json"), JSON.stringify(phases, null, 2));
};

function run(name) {
  const { command, args, env = {} } = checks[name];
  const started = Date.now();
  // Through bash, whose `times` adds up the CPU of every process the check started and waited for.
  const timesFile = path.join(logs, `${name}.times`);
  const child = spawn("bash", ["-c", '"$@"; code=$?; times > "$0"; exit $code', timesFile, command, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env, TEST_TIMES_DIR: path.resolve(logs) },
  });
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
      const seconds = (Date.now() - started) / 1000;
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      // The output of a check run beside others, in one piece, so it reads as if it had run alone.
      process.stdout.write(`\n──── ${name}: output ────\n${Buffer.concat(output).toString()}`);
      const cpu = childCpuSeconds(timesFile);
      record({ name, seconds, cpu, passed: code === 0 });
      console.log(`──── ${name}: ${outcome} in ${Math.round(seconds)} s (${Math.round(cpu)} CPU s) ────`);
      resolve(code === 0);
    });
  });
}

/** The children's user and system seconds from bash's `times` (its second line: "0m1.5s 0m0.2s"). */
function childCpuSeconds(file) {
  if (!existsSync(file)) return 0;
  const line = readFileSync(file, "utf8").trim().split("\n")[1] ?? "";
  return line
    .split(/\s+/)
    .map((value) => /^(\d+)m([\d.]+)s$/.exec(value))
    .reduce((sum, match) => sum + (match ? Number(match[1]) * 60 + Number(match[2]) : 0), 0);
}

/** The whole machine's busy CPU seconds so far (/proc/stat), so a phase counts servers and browsers too. */
function machineCpuSeconds() {
  if (!existsSync("/proc/stat")) return 0;
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

async function phase(name, lanes) {
  const started = Date.now();
  const cpu = machineCpuSeconds();
  const passed = (await Promise.all(lanes())).every(Boolean);
  record({ name, seconds: (Date.now() - started) / 1000, cpu: machineCpuSeconds() - cpu, passed, machine: true });
  return passed;
}

// Where the time went, then what failed: last, so the tail of a CI log names it.
const printTimes = async () => {
  for (const script of ["scripts/test-times.mjs", "scripts/test-failures.mjs"])
    await new Promise((resolve) => spawn(process.execPath, [script], { stdio: "inherit" }).on("close", resolve));
};

// A fresh record of this run's figures; eslint's cache stays.
mkdirSync(logs, { recursive: true });
for (const entry of readdirSync(logs).filter((name) => !name.startsWith("eslint"))) rmSync(path.join(logs, entry), { recursive: true });
mkdirSync(profileReads.PROFILE_READS_DIR);

// Phase 1: the static checks, and the type check once the build is done: the build starts by emptying .next,
// where tsc reads the routes' types.
const staticPassed = await phase("phase 1", () => [
  run("lint"),
  run("format"),
  run("build").then(async (ok) => ok && (await run("types"))),
]);
if (!staticPassed) {
  await printTimes();
  process.exit(1);
}
// CI runs the packages' install scripts (a native compile) beside phase 1 (.ci/run): TEST_WAIT_FOR names the file
// their exit code will be written to. Phase 2 needs them.
if (process.env.TEST_WAIT_FOR) {
  const started = Date.now();
  while (!existsSync(process.env.TEST_WAIT_FOR)) await new Promise((resolve) => setTimeout(resolve, 500));
  const code = readFileSync(process.env.TEST_WAIT_FOR, "utf8").trim();
  console.log(
    `──── install scripts: ${code === "0" ? "done" : `failed (exit ${code})`}, waited ${Math.round((Date.now() - started) / 1000)} s ────`,
  );
  if (code !== "0") {
    if (process.env.TEST_WAIT_LOG) process.stdout.write(readFileSync(process.env.TEST_WAIT_LOG, "utf8"));
    process.exit(1);
  }
}
// Phase 2: the several-instance run from the start (the rate limit paces it), the browser lanes, and vitest
// followed by the profile matrix.
const passed = await phase("phase 2", () => [
  run("scale"),
  ...Object.keys(checks)
    .filter((name) => name.startsWith("playwright-"))
    .map(run),
  run("vitest").then(async (ok) => ok && (await run("profiles"))),
]);
await printTimes();
process.exit(passed ? 0 : 1);
