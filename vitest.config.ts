import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const shared = {
  exclude: ["node_modules/**", "e2e/**", ".next/**", "data/**"],
  // A worker runs file after file, each with the project's modules evaluated afresh (lib/testing/setup-env.ts)
  // but the packages loaded once: a new process per file spent about a second of CPU loading them again.
  // A file that mocks a module (vi.mock) unmocks it when it ends, as archive-guard.test.ts does.
  isolate: false,
  // A hang detector: on a busy two-core machine (CI runs vitest beside the browser tests) a test that renders
  // a video or starts processes took over 30 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

/** Tests that touch the database run again on Postgres whenever TEST_DATABASE_URL names a server. */
const databaseTests = [
  "lib/db/**/*.test.ts",
  "lib/auth/**/*.test.ts",
  "lib/tasks/**/*.test.ts",
  // A batch's start and run killed mid-way (its other tests, of files and rows, never reach a database).
  "lib/batches/crash.test.ts",
  "lib/events/**/*.test.ts",
  "lib/webhooks/**/*.test.ts",
  "app/**/*.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      // "server-only" throws outside React Server Components; tests run server modules directly.
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
      "@": fileURLToPath(new URL("./", import.meta.url)),
    },
  },
  test: {
    // Most files wait (on the emulator's clock, leases, child processes) far more than they compute: with vitest's
    // default of one worker per core but one, a two-core machine ran every file in turn, half idle.
    maxWorkers: 4,
    projects: [
      {
        extends: true as const,
        test: {
          ...shared,
          name: "sqlite",
          include: ["**/*.test.ts"],
          // What exists only on Postgres (LISTEN/NOTIFY between instances) is tested only there.
          exclude: [...shared.exclude, "**/*.postgres.test.ts"],
          setupFiles: ["lib/testing/setup-env.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                ...shared,
                name: "postgres",
                include: databaseTests,
                // Fifteen simulated minutes of the engine's pacing against the API's limits: nothing there depends
                // on the database (the claims, leases and races between engines run on both, in limits, leases
                // and crash), and it costs half a minute of CPU.
                exclude: [
                  ...shared.exclude,
                  "lib/tasks/engine/long-run.test.ts",
                  // Under the folders above but never reaching a database: headers, CSRF, escapes, token scopes.
                  "app/security-headers.test.ts",
                  "app/csrf.test.ts",
                  "app/token-scope.test.ts",
                  "app/api/escapes.test.ts",
                  "lib/tasks/engine/refund-follow-up.test.ts",
                  // 750 bodies judged by the schemas: the database only stores them (gateway.test.ts runs on both).
                  "app/api/gateway-agreement.test.ts",
                  // A script's burst beside a person: the queue's fair order is not the database's (gateway.test.ts
                  // runs the gateway's claims, budgets and idempotency on both); its 28 renders cost the most here.
                  "app/api/gateway-fairness.test.ts",
                ],
                setupFiles: ["lib/testing/setup-env.ts", "lib/testing/setup-postgres.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
