import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const shared = {
  exclude: ["node_modules/**", "e2e/**", ".next/**", "data/**"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** Tests that touch the database run again on Postgres whenever TEST_DATABASE_URL names a server. */
const databaseTests = [
  "lib/db/**/*.test.ts",
  "lib/auth/**/*.test.ts",
  "lib/tasks/**/*.test.ts",
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
                setupFiles: ["lib/testing/setup-env.ts", "lib/testing/setup-postgres.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
