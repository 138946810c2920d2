import "server-only";
import type { Insertable, Kysely, Selectable } from "kysely";
import type { ComparisonTable, Database } from "./schema";
import type { Submission } from "./submissions";

type Db = Kysely<Database>;
export type ComparisonRow = Selectable<ComparisonTable> & { creator_name: string | null };

export async function insertComparison(db: Db, row: Insertable<ComparisonTable>): Promise<void> {
  await db.insertInto("comparisons").values(row).execute();
}

export async function getComparison(db: Db, { id }: { id: string }): Promise<ComparisonRow | undefined> {
  return db
    .selectFrom("comparisons")
    .leftJoin("user", "user.id", "comparisons.created_by")
    .selectAll("comparisons")
    .select("user.name as creator_name")
    .where("comparisons.id", "=", id)
    .executeTakeFirst();
}

/** Newest first, by (created_at, id), with how many models each compares. */
export async function listComparisons(
  db: Db,
  { limit, before }: { limit: number; before?: { createdAt: string; id: string } },
): Promise<(ComparisonRow & { columns: number })[]> {
  let query = db
    .selectFrom("comparisons")
    .leftJoin("user", "user.id", "comparisons.created_by")
    .selectAll("comparisons")
    .select("user.name as creator_name")
    .select((eb) =>
      eb
        .selectFrom("submissions")
        .select((sub) => sub.fn.count<number | string>("submissions.comparison_column").distinct().as("n"))
        .whereRef("submissions.comparison_id", "=", "comparisons.id")
        .as("columns"),
    );
  if (before) {
    const { createdAt, id } = before;
    query = query.where((eb) =>
      eb.or([
        eb("comparisons.created_at", "<", createdAt),
        eb.and([eb("comparisons.created_at", "=", createdAt), eb("comparisons.id", "<", id)]),
      ]),
    );
  }
  const rows = await query.orderBy("comparisons.created_at", "desc").orderBy("comparisons.id", "desc").limit(limit).execute();
  return rows.map((row) => ({ ...row, columns: Number(row.columns ?? 0) }));
}

/** Every submission of a comparison (each column's runs), oldest first. */
export async function comparisonSubmissions(db: Db, { id }: { id: string }): Promise<Submission[]> {
  return db
    .selectFrom("submissions")
    .selectAll()
    .where("comparison_id", "=", id)
    .orderBy("comparison_column")
    .orderBy("created_at")
    .orderBy("position")
    .execute();
}

export async function setComparisonFavourite(db: Db, { id, submissionId }: { id: string; submissionId: string | null }): Promise<void> {
  await db.updateTable("comparisons").set({ favourite_submission_id: submissionId }).where("id", "=", id).execute();
}
