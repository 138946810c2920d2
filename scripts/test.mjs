// `npm test`: every check the project has, in four phases. A phase starts only when the one before passed.
// Checks in the same phase run side by side: the browser tests, the profile matrix and the several-instance
// run spend most of their time waiting (on the emulator's clock, the API's rate limit, a failover), so on a
// two-core machine running them together takes little longer than the slowest of them alone.
// A check that runs beside others is printed whole when it ends (and meanwhile in .test-logs/<name>.log).
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";

const bin = (name) => path.join("node_modules", ".bin", name);
const npmRun = (script) => ["npm", ["run", "--silent", script]];

const phases = [
  [
    ["types", bin("tsc"), ["--noEmit"]],
    ["lint", bin("eslint"), ["."]],
    ["format", bin("prettier"), ["--check", "."]],
  ],
  [["vitest", bin("vitest"), ["run"]]],
  // One build for everything after it: Playwright's server and test:scale's instances start from it.
  [["build", bin("next"), ["build"]]],
  [
    ["playwright", bin("playwright"), ["test"]],
    ["profiles", ...npmRun("test:profiles")],
    ["scale", ...npmRun("test:scale")],
  ],
];

// Not under test-results/: Playwright empties that folder when it starts.
const logs = ".test-logs";

function run([name, command, args], alone) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  const output = [];
  if (!alone) {
    const file = createWriteStream(path.join(logs, `${name}.log`));
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output.push(chunk);
        file.write(chunk);
      });
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      // The output of a check run beside others, in one piece, so it reads as if it had run alone.
      if (!alone) process.stdout.write(`\n──── ${name}: output ────\n${Buffer.concat(output).toString()}`);
      console.log(`──── ${name}: ${outcome} in ${seconds} s ────`);
      resolve(code === 0);
    });
  });
}

mkdirSync(logs, { recursive: true });
for (const jobs of phases) {
  const results = await Promise.all(jobs.map((job) => run(job, jobs.length === 1)));
  if (results.includes(false)) process.exit(1);
}
