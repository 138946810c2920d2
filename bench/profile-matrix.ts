// The profiles `npm run test:profiles` runs the integration tests under (see vitest.profiles.config.ts):
// each switch of the emulator at each of its non-default values, then one profile with every switch
// non-default.
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
