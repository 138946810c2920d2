import "server-only";
import type { ExpressionBuilder, Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";
import type { TaskRow } from "./tasks";

// Images whose upstream copy expires in a window, found by when they succeeded: bounds from lib/retention.ts
// (succeededBy), one pair on the upstream's clock for `upstream_updated_at` and one on Darkroom's for
// `completed_at` when the upstream gave no timestamp. The upstream's timestamps are stored as ISO 8601 UTC
// (lib/upstream/task-reader.ts), so they compare as text on both databases.

/** Success bounds on both clocks, as lib/retention.ts's succeededBy gives them. */
export interface SuccessBounds {
  upstream: string;
  seen: string;
}

const succeededWithin =
  ({ after, by }: { after?: SuccessBounds; by: SuccessBounds }) =>
  (eb: ExpressionBuilder<Database, "tasks">) =>
    eb.or([
      eb.and([
        eb("tasks.upstream_updated_at", "is not", null),
        eb("tasks.upstream_updated_at", "<=", by.upstream),
        ...(after ? [eb("tasks.upstream_updated_at", ">", after.upstream)] : []),
      ]),
      eb.and([
        eb("tasks.upstream_updated_at", "is", null),
        eb("tasks.completed_at", "<=", by.seen),
        ...(after ? [eb("tasks.completed_at", ">", after.seen)] : []),
      ]),
    ]);

/**
 * Succeeded images, not hidden, whose upstream copy is not reported deleted and goes between the two bounds
 * (after `after`, by `by`): the Overview's candidates, which it then judges one by one with upstreamCopy.
 */
export async function succeededImagesWithin(
  db: Kysely<Database>,
  { after, by, limit }: { after: SuccessBounds; by: SuccessBounds; limit: number },
): Promise<(TaskRow & { member_name: string | null })[]> {
  return (
    db
      .selectFrom("tasks")
      .leftJoin("user", "user.id", "tasks.user_id")
      .selectAll("tasks")
      .select("user.name as member_name")
      .where("tasks.kind", "=", "image")
      .where("tasks.status", "=", "succeeded")
      .where("tasks.media_deleted_at", "is", null)
      .where("tasks.hidden", "=", dbBool(false))
      .where(succeededWithin({ after, by }))
      // Not yet archived first: those need a download before they go.
      .orderBy((eb) => eb.case().when("tasks.archive_state", "=", "done").then(1).else(0).end())
      .orderBy("tasks.completed_at")
      .limit(limit)
      .execute()
  );
}

/**
 * Makes due the last look at archived images whose upstream copy went by `by` and that wait for nothing else
 * (no poll scheduled): the engine's poll then records the upstream's deletion. Answers how many.
 */
export async function dueRetentionLooks(db: Kysely<Database>, { by, now }: { by: SuccessBounds; now: string }): Promise<number> {
  const result = await db
    .updateTable("tasks")
    .set({ next_poll_at: now })
    .where("kind", "=", "image")
    .where("status", "=", "succeeded")
    .where("archive_state", "=", "done")
    .where("media_deleted_at", "is", null)
    .where("next_poll_at", "is", null)
    .where(succeededWithin({ by }))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
