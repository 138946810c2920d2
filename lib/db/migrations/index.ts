import type { Migration } from "kysely";
import * as m0001 from "./0001-instance-and-audit";
import * as m0002 from "./0002-sign-in-throttle";

// Listed by hand (not read from the folder) so the bundled server carries them. Append; never edit a released one.
export const migrations: Record<string, Migration> = {
  "0001-instance-and-audit": m0001,
  "0002-sign-in-throttle": m0002,
};
