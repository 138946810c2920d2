// The profiles `npm run test:profiles` runs the integration tests under (see vitest.profiles.config.ts):
// each switch of the emulator at each of its non-default values, then one profile with every switch
// non-default.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_PROFILE, PROFILE_CHOICES, type Profile } from "../emulator/profile";

/**
 * A focused subset: the engine's money-and-slots tests under every reading, the engine's own, and the
 * generation route. (lib/upstream/client.test.ts pins the emulator's default error bodies and codes, so it
 * runs under the default profile only.)
 */
export const PROFILE_TEST_FILES = ["lib/tasks/engine/readings.test.ts", "lib/tasks/engine/engine.test.ts", "app/api/generations.test.ts"];

// referenceTypes is a list: a reading with a third accepted type stands for "any list".
const LIST_VALUES: Partial<Record<keyof Profile, unknown[]>> = { referenceTypes: [["subject", "background", "style"]] };

export function profileMatrix(): { name: string; profile: Partial<Profile> }[] {
  const single: { name: string; profile: Partial<Profile> }[] = [];
  const everything: Record<string, unknown> = {};
  for (const [name, choices] of Object.entries(PROFILE_CHOICES) as [keyof Profile, unknown][]) {
    const values = Array.isArray(choices) ? choices.slice(1) : (LIST_VALUES[name] ?? []);
    for (const value of values) single.push({ name: `${name}=${JSON.stringify(value)}`, profile: { [name]: value } });
    everything[name] = values.at(-1) ?? DEFAULT_PROFILE[name];
  }
  return [...single, { name: "everything-non-default", profile: everything as Partial<Profile> }];
}

/** Which profile switches each test file's requests consulted, from the notes of the reads pass (emulator/testing.ts). */
export function consultedByFile(dir: string): Map<string, Set<string>> {
  const byFile = new Map<string, Set<string>>();
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith(".json"))) {
    const note = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as { file: string; consulted: string[] };
    const seen = byFile.get(note.file) ?? new Set<string>();
    for (const key of note.consulted) seen.add(key);
    byFile.set(note.file, seen);
  }
  return byFile;
}

/**
 * The matrix as vitest projects. A one-switch profile differs from the default in that switch alone, so a
 * file whose requests never consulted it under the default profile runs exactly as it did there (each
 * answer is the same until the switch is read, and it never is): that file is left out of that profile.
 * A file with no note (its emulator never closed, or it started none) runs everywhere; the
 * everything-non-default profile always runs every file.
 */
export function profileProjects(consulted?: Map<string, Set<string>>): { name: string; files: string[]; profile: Partial<Profile> }[] {
  return profileMatrix()
    .map(({ name, profile }) => {
      const switches = Object.keys(profile);
      const files = PROFILE_TEST_FILES.filter((file) => {
        const seen = consulted?.get(file);
        return !seen || switches.length !== 1 || seen.has(switches[0]!);
      });
      return { name, files, profile };
    })
    .filter((project) => project.files.length > 0);
}
