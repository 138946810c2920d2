import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { comparisonSubmissions, getComparison, insertComparison, listComparisons, setComparisonFavourite } from "@/lib/db/comparisons";
import { getListedTask } from "@/lib/db/task-list";
import { getResults } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/members/roles";
import { getModel, type GenerationRequest } from "@/lib/models/catalogue";
import { formSpecs } from "@/lib/models/form-specs";
import { settingWords } from "@/lib/models/setting-words";
import type { ComparisonColumnView, ComparisonSummary, ComparisonView } from "@/lib/schemas/comparison-views";
import { decodeCursor, encodeCursor } from "./cursor";
import { derivedSubmissionId } from "./derived-id";
import { sourcesOf } from "./lineage";
import { submissionWithPosition } from "./queue";
import { resolveResultReferences } from "./result-references";
import { memberViewer } from "@/lib/policy/see";
import { submit, submitTogether, type NewSubmission } from "./submit";
import { taskView } from "./task-views";

// Compare: one prompt sent to several models as one comparison. Every column is an ordinary submission (the
// queue, the budgets, its own Idempotency-Key stored before anything is sent) that names the comparison; the
// columns are stored together or not at all, so a refused budget or a bad column sends nothing.

/** A column's submission id, derived from the comparison's id (./derived-id.ts). */
export const columnSubmissionId = (comparisonId: string, column: number) => derivedSubmissionId(`comparison:${comparisonId}:${column}`);

async function columnSubmission(user: SessionUser, request: GenerationRequest, id: string, comparison: { id: string; column: number }) {
  const model = getModel(request.model);
  if (!model) throw new Error(`validated model ${request.model} missing from the catalogue`);
  return {
    id,
    userId: user.id,
    model: model.id,
    kind: model.kind,
    endpoint: model.endpoint,
    request: await resolveResultReferences(database().db, request, { viewer: memberViewer(user) }),
    shown: request,
    sources: sourcesOf(request),
    comparison,
  } satisfies NewSubmission;
}

export async function createComparison(
  user: SessionUser,
  { comparisonId, prompt, requests }: { comparisonId: string; prompt: string; requests: GenerationRequest[] },
): Promise<{ id: string; repeated: boolean }> {
  const submissions = await Promise.all(
    requests.map((request, column) =>
      columnSubmission(user, request, columnSubmissionId(comparisonId, column), { id: comparisonId, column }),
    ),
  );
  const existing = await getComparison(database().db, { id: comparisonId });
  const columns = existing
    ? new Set((await comparisonSubmissions(database().db, { id: comparisonId })).map((s) => s.comparison_column)).size
    : 0;
  if (existing && (existing.created_by !== user.id || existing.prompt !== prompt || columns !== requests.length)) {
    throw new AppError(
      "conflict:comparison",
      "This comparison id was already used for a different comparison; reload the page and compare again.",
    );
  }
  const { repeated } = await submitTogether({
    connection: database(),
    submissions,
    alongside: (trx) => insertComparison(trx, { id: comparisonId, prompt, created_by: user.id, created_at: new Date().toISOString() }),
  });
  return { id: comparisonId, repeated };
}

async function ownComparison(user: SessionUser, id: string) {
  const comparison = await getComparison(database().db, { id });
  if (!comparison) throw new AppError("not_found:comparison", "No comparison with this id; it may have been made on another Darkroom.");
  if (comparison.created_by !== user.id && !roleAtLeast(user.role, "admin")) {
    throw new AppError("forbidden:comparison", "Only the member who made this comparison, or an admin, can change it.");
  }
  return comparison;
}

/** A column sent again: a new submission (its own Idempotency-Key) with the column's model and exact request. */
export async function rerunColumn(user: SessionUser, id: string, { submissionId, column }: { submissionId: string; column: number }) {
  await ownComparison(user, id);
  const runs = (await comparisonSubmissions(database().db, { id })).filter((s) => s.comparison_column === column);
  const latest = runs.at(-1);
  if (!latest) throw new AppError("not_found:comparison_column", `This comparison has no column ${column + 1}.`);
  const { submissions, repeated } = await submit({
    connection: database(),
    submission: {
      id: submissionId,
      userId: user.id,
      model: latest.model,
      kind: latest.kind,
      endpoint: latest.endpoint,
      request: JSON.parse(latest.body) as Record<string, unknown>,
      shown: JSON.parse(latest.params) as Record<string, unknown>,
      sources: sourcesOf(JSON.parse(latest.params) as Record<string, unknown>),
      comparison: { id, column },
    },
  });
  return { submission: submissions[0]!, repeated };
}

/** Picks a column (by any of its runs' submissions) as the favourite, or clears it with null. */
export async function pickFavourite(user: SessionUser, id: string, submissionId: string | null): Promise<void> {
  await ownComparison(user, id);
  if (submissionId !== null) {
    const ours = (await comparisonSubmissions(database().db, { id })).some((s) => s.id === submissionId);
    if (!ours)
      throw new AppError("invalid:favourite", "Pick one of this comparison's columns as its favourite.", {
        favourite: "Not a column of this comparison.",
      });
  }
  await setComparisonFavourite(database().db, { id, submissionId });
}

/** A column's settings in its form's words, read from the request stored with its submission (its params). */
function columnSettings(model: string, params: string): ComparisonColumnView["settings"] {
  let request: Record<string, unknown>;
  try {
    request = JSON.parse(params) as Record<string, unknown>;
  } catch {
    return [];
  }
  const mode = typeof request.mode === "string" ? request.mode : undefined;
  const form = formSpecs().find((each) => each.model === model && each.mode === mode);
  return form ? settingWords(model, form.fields, request) : [];
}

export async function comparisonView(id: string): Promise<ComparisonView | undefined> {
  const { db } = database();
  const comparison = await getComparison(db, { id });
  if (!comparison) return undefined;
  const submissions = await comparisonSubmissions(db, { id });
  const byColumn = new Map<number, typeof submissions>();
  for (const s of submissions) byColumn.set(s.comparison_column ?? 0, [...(byColumn.get(s.comparison_column ?? 0) ?? []), s]);
  const columns: ComparisonColumnView[] = await Promise.all(
    [...byColumn.entries()]
      .sort(([a], [b]) => a - b)
      .map(async ([column, runs]) => {
        const latest = runs.at(-1)!;
        const row = latest.task_id ? await getListedTask(db, { id: latest.task_id }) : undefined;
        return {
          column,
          model: latest.model,
          kind: latest.kind,
          runs: runs.length,
          settings: columnSettings(latest.model, latest.params),
          submission: await submissionWithPosition(latest.id),
          task: row ? taskView(row, await getResults(db, { taskId: row.id })) : null,
        };
      }),
  );
  return {
    id: comparison.id,
    prompt: comparison.prompt,
    createdBy: { id: comparison.created_by, name: comparison.creator_name },
    createdAt: comparison.created_at,
    favourite: comparison.favourite_submission_id,
    columns,
  };
}

export async function comparisonList({ limit, cursor }: { limit: number; cursor?: string }) {
  const rows = await listComparisons(database().db, { limit: limit + 1, before: decodeCursor(cursor) });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const comparisons: ComparisonSummary[] = page.map((row) => ({
    id: row.id,
    prompt: row.prompt,
    createdBy: { id: row.created_by, name: row.creator_name },
    createdAt: row.created_at,
    models: row.columns,
    favourite: row.favourite_submission_id,
  }));
  return { comparisons, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}
