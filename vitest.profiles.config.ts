// `npm run test:profiles`: the integration tests of bench/profile-matrix.ts once per emulator profile, in one
// vitest run (one project per profile, so the files are transformed once and share the workers). The test
// helpers start each file's emulator with EMULATOR_PROFILE; each file has its own SQLite database.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { PROFILE_TEST_FILES, profileMatrix } from "./bench/profile-matrix";

export default defineConfig({
  resolve: {
    alias: {
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
      "@": fileURLToPath(new URL("./", import.meta.url)),
    },
  },
  test: {
    projects: profileMatrix().map(({ name, profile }) => ({
      extends: true as const,
      test: {
        name,
        include: PROFILE_TEST_FILES,
        setupFiles: ["lib/testing/setup-env.ts"],
        env: { EMULATOR_PROFILE: JSON.stringify(profile) },
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
