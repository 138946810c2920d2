import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  { ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      // lib/env.ts is the only reader of the environment (lib/emulator is a separate program with its own).
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through lib/env.ts." }],
    },
  },
  // The environment's other readers: the emulator (a separate program), test setup, and tool configs.
  {
    files: ["lib/env.ts", "lib/emulator/**", "lib/testing/**", "*.config.ts", "instrumentation.ts", "**/*.test.ts", "e2e/**"],
    rules: { "no-restricted-properties": "off" },
  },
  // Playwright fixtures call their callback `use`, which is not React's hook.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
];

export default config;
