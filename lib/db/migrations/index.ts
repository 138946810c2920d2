import "server-only";
import type { Migration } from "kysely";
import * as m0001 from "./0001-instance-and-audit";
import * as m0002 from "./0002-sign-in-throttle";
import * as m0003 from "./0003-task-engine";
import * as m0004 from "./0004-task-sources";
import * as m0005 from "./0005-downloads";
import * as m0006 from "./0006-media-keys";
import * as m0007 from "./0007-sign-in-backoff";
import * as m0008 from "./0008-tolerant-reading";
import * as m0009 from "./0009-lease-versions";
import * as m0010 from "./0010-task-hides";
import * as m0011 from "./0011-read-path";
import * as m0012 from "./0012-budgets";
import * as m0013 from "./0013-exports-and-webhooks";
import * as m0014 from "./0014-uploads";
import * as m0015 from "./0015-duration-estimates";
import * as m0016 from "./0016-task-event-log";
import * as m0017 from "./0017-list-version";
import * as m0018 from "./0018-export-token-expiry";
import * as m0019 from "./0019-submission-error-detail";
import * as m0020 from "./0020-access-tokens";
import * as m0021 from "./0021-share-links";
import * as m0022 from "./0022-boards";
import * as m0023 from "./0023-comparisons";
import * as m0024 from "./0024-submission-token-index";
import * as m0025 from "./0025-download-names";
import * as m0026 from "./0026-session-epoch";
import * as m0027 from "./0027-passkeys";
import * as m0028 from "./0028-sso";
import * as m0029 from "./0029-trace-context";
import * as m0030 from "./0030-batches";

// Listed by hand (not read from the folder) so the bundled server carries them. Append; never edit a released one.
export const migrations: Record<string, Migration> = {
  "0001-instance-and-audit": m0001,
  "0002-sign-in-throttle": m0002,
  "0003-task-engine": m0003,
  "0004-task-sources": m0004,
  "0005-downloads": m0005,
  "0006-media-keys": m0006,
  "0007-sign-in-backoff": m0007,
  "0008-tolerant-reading": m0008,
  "0009-lease-versions": m0009,
  "0010-task-hides": m0010,
  "0011-read-path": m0011,
  "0012-budgets": m0012,
  "0013-exports-and-webhooks": m0013,
  "0014-uploads": m0014,
  "0015-duration-estimates": m0015,
  "0016-task-event-log": m0016,
  "0017-list-version": m0017,
  "0018-export-token-expiry": m0018,
  "0019-submission-error-detail": m0019,
  "0020-access-tokens": m0020,
  "0021-share-links": m0021,
  "0022-boards": m0022,
  "0023-comparisons": m0023,
  "0024-submission-token-index": m0024,
  "0025-download-names": m0025,
  "0026-session-epoch": m0026,
  "0027-passkeys": m0027,
  "0028-sso": m0028,
  "0029-trace-context": m0029,
  "0030-batches": m0030,
};
