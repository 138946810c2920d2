// The profile matrix's runs as test files (vitest.profiles.config.ts): for each profile and each file it runs,
// a file that sets EMULATOR_PROFILE and then imports the test file, whose tests register as this file's. They
// are generated under .test-logs/ (ignored by git, lint and format), afresh for every run.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Profile } from "../emulator/profile";

const DIR = ".test-logs/profile-runs";

/** Writes one file per profile and test file, named for both; answers their paths. */
export function writeProfileRuns(projects: { name: string; files: string[]; profile: Partial<Profile> }[]): string[] {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  return projects.flatMap(({ name, files, profile }) =>
    files.map((file) => {
      const run = path.join(DIR, `${name.replace(/[^\w=-]+/g, "_")}--${path.basename(file, ".test.ts")}.run.ts`);
      const target = path.relative(DIR, file).split(path.sep).join("/");
      writeFileSync(
        run,
        `// ${file} under the profile ${name} (bench/profile-runs.ts).\n` +
          `process.env.EMULATOR_PROFILE = ${JSON.stringify(JSON.stringify(profile))};\n` +
          `await import(${JSON.stringify(target)});\n`,
      );
      return run;
    }),
  );
}
