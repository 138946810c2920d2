import "server-only";
import type { Kysely } from "kysely";
import { database } from "@/lib/db";
import {
  creditBreakdown,
  creditsByToken,
  hasTasks,
  spendByBucket,
  type CreditTotals,
  type MemberCredits,
  type ModelCredits,
  type TokenCredits,
} from "@/lib/db/credit-totals";
import type { Database } from "@/lib/db/schema";
import type { CreditPeriod } from "@/lib/schemas/credits";
import { inOneSnapshot } from "@/lib/db/budgets";
import { bucketFor, bucketKeys, periodStart, type Bucket } from "./period";

export interface SpendSeries {
  bucket: Bucket;
  /** Every bucket of the period, oldest first; those with nothing have `used` 0. */
  points: { key: string; used: number }[];
}

export interface CreditReport {
  period: CreditPeriod;
  /** First instant counted (ISO), or null for all time. */
  since: string | null;
  totals: CreditTotals;
  byMember: MemberCredits[];
  byModel: ModelCredits[];
  /** Tasks made through personal access tokens (scripts), per token: a part of the members' rows, not beside them. */
  byToken: TokenCredits[];
  spend: SpendSeries;
  /** Whether any task was ever recorded (an empty period says "nothing in these days", not "nothing yet"). */
  anyTasks: boolean;
}

/**
 * Everything the Credits page shows for one period, from Darkroom's own task records, read in one snapshot (see
 * lib/credits/ledger.ts for the words): the totals, the tables and the chart are of the same moment.
 */
export async function getCreditReport({
  period,
  now = new Date(),
  db: reader = database().db,
}: {
  period: CreditPeriod;
  now?: Date;
  /** A snapshot already open (lib/credits/snapshot.ts), or the app's pool. */
  db?: Kysely<Database>;
}): Promise<CreditReport> {
  const since = periodStart(period, now);
  const range = { since };
  return inOneSnapshot(reader, async (db) => {
    // One after another: a transaction holds one connection.
    const { totals, byMember, byModel } = await creditBreakdown(db, range);
    const byToken = await creditsByToken(db, range);
    const from = since ?? totals.firstCreatedAt ?? now.toISOString();
    const bucket = since ? "day" : bucketFor(from, now);
    const used = new Map((await spendByBucket(db, { since, bucket })).map((point) => [point.key, point.used]));
    const points = bucketKeys(from, now, bucket).map((key) => ({ key, used: used.get(key) ?? 0 }));
    const anyTasks = totals.tasks > 0 || (since !== null && (await hasTasks(db)));
    return { period, since, totals, byMember, byModel, byToken, spend: { bucket, points }, anyTasks };
  });
}
