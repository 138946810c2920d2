// `npm run test:profiles` (bench/profiles.ts): the integration tests of bench/profile-matrix.ts once per emulator
// profile, in one vitest run (one project per profile, so the files are transformed once and share the
// workers). The test helpers start each file's emulator with EMULATOR_PROFILE; each file has its own SQLite
// database. Two passes: PROFILE_MATRIX_PASS=reads runs the files under the default profile and notes, in
// PROFILE_READS_DIR, which switches each file's requests consulted; the matrix pass then runs a file under a
// one-switch profile only if that switch was consulted (see profileProjects). Without PROFILE_READS_DIR every
// file runs under every profile.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { consultedByFile, PROFILE_TEST_FILES, profileProjects } from "./bench/profile-matrix";

const readsDir = process.env.PROFILE_READS_DIR;
const projects =
  process.env.PROFILE_MATRIX_PASS === "reads"
    ? [{ name: "default (reads)", files: PROFILE_TEST_FILES, profile: {}, env: { PROFILE_READS_DIR: readsDir ?? "" } }]
    : profileProjects(readsDir ? consultedByFile(readsDir) : undefined).map((project) => ({ ...project, env: {} }));

export default defineConfig({
  resolve: {
    alias: {
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
      "@": fileURLToPath(new URL("./", import.meta.url)),
    },
  },
  test: {
    // As in vitest.config.ts: the files mostly wait on the emulator, so more workers than cores.
    maxWorkers: 4,
    projects: projects.map(({ name, files, profile, env }) => ({
      extends: true as const,
      test: {
        name,
        include: files,
        setupFiles: ["lib/testing/setup-env.ts"],
        env: { EMULATOR_PROFILE: JSON.stringify(profile), ...env },
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
