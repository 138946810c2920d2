import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { GenerationRequest } from "@/lib/models/catalogue";
import { rowsThatFit, type Room } from "@/lib/policy/budgets";
import type { Viewer } from "@/lib/policy/see";
import { PREVIEW_PROBLEMS, PREVIEW_SAMPLE, type BatchPreview, type BatchProblem } from "@/lib/schemas/batches";
import { costFrom, recentCharges } from "@/lib/tasks/recent-charges";
import { resolveResultReferences } from "@/lib/tasks/result-references";
import type { BatchFile, ParsedRow } from "./parse";
import type { RenderedRow } from "./rows";

// A batch before anything is stored: every row read, rendered and checked, each valid one with its expected
// cost, and what the budgets covering its member (and token) leave. The preview shows it; the start stores it.

export interface PlannedRow {
  line: number;
  key: string;
  /** The request as the person wrote it (Darkroom's links to earlier results), what views and exports show. */
  shown: GenerationRequest;
  /** The request sent upstream: earlier results swapped for the upstream's URLs. */
  request: Record<string, unknown>;
  /** Expected credits (what the API last charged for this configuration), or null when not known. */
  estimate: number | null;
}

export interface Plan {
  columns: string[];
  /** Rows read, valid or not. */
  read: number;
  rows: PlannedRow[];
  problems: BatchProblem[];
}

/** Reads the whole file through `render`; a row's problem is kept with its line, a file's problem is thrown. */
export async function planBatch(
  db: Kysely<Database>,
  { file, render, viewer }: { file: BatchFile; render: (row: ParsedRow, index: number) => RenderedRow; viewer: Viewer },
): Promise<Plan> {
  const charges = await recentCharges(db);
  const rows: PlannedRow[] = [];
  const problems: BatchProblem[] = [];
  let read = 0;
  for await (const parsed of file.rows) {
    const rendered = render(parsed, read++);
    if (!rendered.request) {
      problems.push(rendered.problem!);
      continue;
    }
    try {
      const request = await resolveResultReferences(db, rendered.request, { viewer });
      rows.push({
        line: rendered.line,
        key: rendered.key,
        shown: rendered.request,
        request,
        estimate: costFrom(charges, rendered.request) ?? null,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [field, message] = Object.entries(error.fields ?? {})[0] ?? [null, error.message];
      problems.push({ line: rendered.line, key: rendered.key, field: field?.replace(/^request\./, "") ?? null, message });
    }
  }
  return { columns: file.columns, read, rows, problems };
}

export function previewOf(plan: Plan, format: BatchPreview["format"], room: Room): BatchPreview {
  const known = plan.rows.filter((row) => row.estimate !== null);
  return {
    format,
    columns: plan.columns,
    rows: plan.read,
    valid: plan.rows.length,
    sample: plan.rows.slice(0, PREVIEW_SAMPLE).map(({ line, key, shown }) => ({ line, key, request: shown })),
    invalid: plan.problems.slice(0, PREVIEW_PROBLEMS),
    invalidCount: plan.problems.length,
    estimate: {
      knownCredits: Math.round(known.reduce((sum, row) => sum + row.estimate!, 0) * 1000) / 1000,
      knownRows: known.length,
      unknownRows: plan.rows.length - known.length,
    },
    budget: {
      left: room.left,
      name: room.name,
      fits: rowsThatFit(
        plan.rows.map((row) => row.estimate),
        room,
      ),
    },
  };
}
