import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// The house rules of docs/architecture.md, as lint rules so a change that breaks one fails `npm test`.
const FEATURES = ["generate", "tasks", "credits", "members", "settings", "layout", "batches"];

// The emulator and the benchmarks are programs beside the app: nothing the app ships may import them.
const siblingPrograms = [
  {
    group: ["@/emulator/*", "**/emulator/*"],
    message: "The app never imports the emulator: it is a separate program (docs/architecture.md).",
  },
  { group: ["@/bench/*", "**/bench/*"], message: "The app never imports benchmarks or harnesses." },
  { group: ["@/lib/testing/*"], message: "lib/testing is for tests only." },
  // Links prefetch on intent, never on entering the viewport (components/ui/link.tsx).
  { group: ["next/link"], message: "Use Link from @/components/ui/link: it prefetches on pointer or focus only." },
];

// SQL lives in lib/db (and nowhere else): Kysely's query builders and the sql tag.
const sqlOutsideDb = [
  {
    selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]",
    message: "SQL belongs in lib/db: add a data-access function there.",
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: "SQL belongs in lib/db: add a data-access function there." },
];

const config = [
  {
    ignores: [
      ".next/**",
      ".test-logs/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "screenshots/**",
      "next-env.d.ts",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      // lib/env.ts is the only reader of the environment (the emulator is a separate program with its own).
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through lib/env.ts." }],
    },
  },
  // The environment's other readers: the emulator (a separate program), test setup, benchmarks, and tool configs.
  {
    files: [
      "lib/env.ts",
      "emulator/**",
      "bench/**",
      "scripts/**",
      "lib/testing/**",
      "*.config.ts",
      "instrumentation.ts",
      "**/*.test.ts",
      "e2e/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  // The app: no sibling programs, no test helpers, and SQL only in lib/db.
  {
    files: ["app/**", "components/**", "lib/**", "instrumentation.ts", "proxy.ts"],
    ignores: ["**/*.test.ts", "lib/testing/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: siblingPrograms }],
      "no-restricted-syntax": ["error", ...sqlOutsideDb],
    },
  },
  { files: ["lib/db/**"], rules: { "no-restricted-syntax": "off" } },
  { files: ["components/ui/link.tsx"], rules: { "no-restricted-imports": "off" } },
  // Feature folders do not import each other: what two features share lives in components/shared or components/ui.
  ...FEATURES.map((feature) => ({
    files: [`components/${feature}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...siblingPrograms,
            {
              group: FEATURES.filter((other) => other !== feature).map((other) => `@/components/${other}/*`),
              message: "Feature folders do not import each other: move what both use to components/shared.",
            },
          ],
        },
      ],
    },
  })),
  // Playwright fixtures call their callback `use`, which is not React's hook.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  // Formatting is Prettier's (npm run format); lint rules that would fight it are off.
  prettier,
];

export default config;
