import "server-only";
import type { Migration } from "kysely";
import * as m0001 from "./0001-instance-and-audit";
import * as m0002 from "./0002-sign-in-throttle";
import * as m0003 from "./0003-task-engine";
import * as m0004 from "./0004-task-sources";
import * as m0005 from "./0005-downloads";
import * as m0007 from "./0007-sign-in-backoff";
import * as m0010 from "./0010-task-hides";

// Listed by hand (not read from the folder) so the bundled server carries them. Append; never edit a released one.
export const migrations: Record<string, Migration> = {
  "0001-instance-and-audit": m0001,
  "0002-sign-in-throttle": m0002,
  "0003-task-engine": m0003,
  "0004-task-sources": m0004,
  "0005-downloads": m0005,
  "0007-sign-in-backoff": m0007,
  "0010-task-hides": m0010,
};
