// `npm run test:profiles [vitest arguments]`: the profile matrix in two passes (vitest.profiles.config.ts).
// 1. The integration tests once under the default profile, noting which profile switches each file's
//    requests consult. 2. The matrix, where a one-switch profile runs only the files that consulted its
//    switch (the others would run exactly as in pass 1). Prints what was left out and why.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { consultedByFile, PROFILE_TEST_FILES, profileMatrix, profileProjects } from "./profile-matrix";

const args = process.argv.slice(2);
// `npm test` runs these files under the default profile in its vitest run already, noting what they consulted in
// PROFILE_READS_DIR (scripts/test.mjs): pass 1 is then that run's notes.
const given = process.env.PROFILE_READS_DIR;
const noted = given !== undefined && existsSync(given) && PROFILE_TEST_FILES.every((file) => consultedByFile(given).has(file));
const dir = given ?? mkdtempSync(path.join(os.tmpdir(), "darkroom-profile-reads-"));

function vitest(env: Record<string, string>): number {
  const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.profiles.config.ts", ...args], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return run.status ?? 1;
}

try {
  if (noted) console.log("Profile matrix, pass 1: the switches each file consulted in this run's vitest check");
  else {
    console.log("Profile matrix, pass 1: the default profile, noting the switches each file consults");
    const first = vitest({ PROFILE_MATRIX_PASS: "reads", PROFILE_READS_DIR: dir });
    if (first !== 0) throw new Error("pass 1 failed: the tests fail under the default profile");
  }
  const consulted = consultedByFile(dir);
  const projects = profileProjects(consulted);
  const runs = projects.reduce((sum, project) => sum + project.files.length, 0);
  console.log(`Profile matrix, pass 2: ${runs} of ${profileMatrix().length * PROFILE_TEST_FILES.length} file runs`);
  for (const file of PROFILE_TEST_FILES) {
    const left = profileMatrix()
      .filter(({ name }) => !projects.some((project) => project.name === name && project.files.includes(file)))
      .map(({ name }) => name);
    if (left.length > 0) console.log(`  ${file} skips (switch never consulted): ${left.join(", ")}`);
  }
  process.exitCode = vitest({ PROFILE_READS_DIR: dir });
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  if (!given) rmSync(dir, { recursive: true, force: true });
}
