// `npm run test:profiles` (bench/profiles.ts): the integration tests of bench/profile-matrix.ts once per emulator
// profile, in one vitest run. Each file runs under a profile through a small generated test file that sets
// EMULATOR_PROFILE and imports it (bench/profile-runs.ts), all in one project: the files are transformed once
// and share the workers (one project per profile transformed them again for each). The test helpers start each
// file's emulator with EMULATOR_PROFILE; each file has its own SQLite database. Two passes:
// PROFILE_MATRIX_PASS=reads runs the files under the default profile and notes, in PROFILE_READS_DIR, which
// switches each file's requests consulted; the matrix pass then runs a file under a one-switch profile only if
// that switch was consulted (see profileProjects). Without PROFILE_READS_DIR every file runs under every profile.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { consultedByFile, PROFILE_TEST_FILES, profileProjects } from "./bench/profile-matrix";
import { writeProfileRuns } from "./bench/profile-runs";

const readsDir = process.env.PROFILE_READS_DIR;
const include =
  process.env.PROFILE_MATRIX_PASS === "reads"
    ? PROFILE_TEST_FILES
    : writeProfileRuns(profileProjects(readsDir ? consultedByFile(readsDir) : undefined));

export default defineConfig({
  resolve: {
    alias: {
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
      "@": fileURLToPath(new URL("./", import.meta.url)),
    },
  },
  test: {
    name: "profiles",
    include,
    // As in vitest.config.ts: the files mostly wait on the emulator, so more workers than cores.
    maxWorkers: 4,
    // As in vitest.config.ts: files share their worker, the project's modules evaluated afresh for each.
    isolate: false,
    setupFiles: ["lib/testing/setup-env.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
