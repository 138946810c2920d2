// Batches (issue 48): what the browser sends to make one, and what it is shown about it. Client-safe: the
// batch pages import it, the routes validate with it, the server builds these views.
import { z } from "zod";

/** What a member asked of a batch; how far it got is in its rows. */
export const BATCH_STATES = ["running", "paused", "cancelled"] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Where its rows came from: a file, a prompt with variations, a retry of another batch's failed rows. */
export const BATCH_SOURCES = ["csv", "tsv", "jsonl", "variations", "retry"] as const;
export type BatchSource = (typeof BATCH_SOURCES)[number];

/** The formats a person can send: a spreadsheet (CSV, TSV), JSON lines, or one prompt with {a, b} variations. */
export const BATCH_FORMATS = ["csv", "tsv", "jsonl", "variations"] as const;
export type BatchFormat = (typeof BATCH_FORMATS)[number];

/** At most this many rows in one batch: what a 10,000-row catalogue needs, and what one transaction stores in seconds. */
export const MAX_BATCH_ROWS = 10_000;
/** The file's size limit, counted while it streams. */
export const MAX_BATCH_BYTES = 20 * 1024 * 1024;
/** Characters in a key (file names in the ZIP are made from it). */
export const MAX_KEY_LENGTH = 120;

/** A field's value in the recipe: fixed, or text with {{column}} placeholders filled from each row. */
const recipeValue = z.union([z.string().max(50_000), z.number(), z.boolean(), z.array(z.string().max(5_000)).max(50)]);

/**
 * How a row becomes a request: the model (and mode), every field as a fixed value or a template such as
 * `A studio photo of {{product}}`, the column that names each row, and the images uploaded for this batch by
 * file name (a cell naming one becomes its link).
 */
export const batchRecipeSchema = z
  .object({
    model: z.string({ error: "Choose a model." }).min(1, "Choose a model."),
    mode: z.string().optional(),
    fields: z.record(z.string().max(100), recipeValue, { error: "fields must map each field to its value or template." }),
    key: z.string().max(200).optional(),
    files: z.record(z.string().max(500), z.url({ error: "Each uploaded file needs its link." })).optional(),
  })
  .strict();
export type BatchRecipe = z.infer<typeof batchRecipeSchema>;

/** The JSON part of POST /api/batches and /api/batches/preview; the file (or the variations text) is the other part. */
export const batchRequestSchema = z
  .object({
    /** Made by the page once per batch: a resend (double click, lost answer) names the same batch and stores nothing twice. */
    batchId: z.uuid({ error: "batchId must be a UUID made by the page." }).optional(),
    name: z.string().trim().max(200, "A batch's name is at most 200 characters.").optional(),
    format: z.enum(BATCH_FORMATS, { error: `format must be one of ${BATCH_FORMATS.join(", ")}.` }),
    recipe: batchRecipeSchema,
    /** Over a budget: refuse the whole batch, or keep the rows that fit, in order. */
    overBudget: z.enum(["refuse", "trim"]).default("refuse"),
    /** Leave out the rows that are not valid requests rather than refusing the batch. */
    skipInvalid: z.boolean().default(false),
  })
  .strict();
export type BatchRequest = z.input<typeof batchRequestSchema>;

/** A row that cannot be sent: its line in the file, and the field (or column) and reason. */
export interface BatchProblem {
  line: number;
  key: string | null;
  /** The request's field the message is about (`duration`), or null for the row as a whole. */
  field: string | null;
  message: string;
}

export const PREVIEW_SAMPLE = 10;
export const PREVIEW_PROBLEMS = 100;

/** What POST /api/batches/preview answers: nothing stored, nothing sent. */
export interface BatchPreview {
  format: BatchFormat;
  columns: string[];
  rows: number;
  valid: number;
  /** The first rows as the requests they become. */
  sample: { line: number; key: string; request: Record<string, unknown> }[];
  /** The first PREVIEW_PROBLEMS invalid rows; `invalidCount` counts them all. */
  invalid: BatchProblem[];
  invalidCount: number;
  estimate: {
    /** What the valid rows whose configuration the API has charged before are expected to cost. */
    knownCredits: number;
    knownRows: number;
    /** Rows whose price is not known until the API charges one like it. */
    unknownRows: number;
  };
  budget: {
    /** Credits left in the tightest budget covering the batch, or null when no budget covers it. */
    left: number | null;
    /** Which budget that is, in words ("your daily budget"). */
    name: string | null;
    /** How many of the valid rows fit, in order; all of them when no budget covers it. */
    fits: number;
  };
}

/** A row's progress, from its submission and its task. */
export const BATCH_ROW_STATUSES = ["waiting", "paused", "running", "succeeded", "failed", "cancelled"] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

export type BatchCounts = Record<BatchRowStatus, number>;

export interface BatchView {
  id: string;
  name: string;
  model: string | null;
  source: BatchSource;
  state: BatchState;
  rows: number;
  createdAt: string;
  createdBy: { id: string; name: string | null };
  /** The access token's name when a script started it. */
  viaToken: string | null;
  retryOf: string | null;
  counts: BatchCounts;
  /** Reserved now (held by its tasks still running), used, and refunded so far. */
  credits: { reserved: number; used: number; refunded: number };
  /** When the rows still to go should be done, from the rate this batch's rows have been ending at; null until it is known. */
  etaMs: number | null;
  /** Whether the member looking may pause, resume, cancel and retry it. */
  canChange: boolean;
}

export interface BatchRowView {
  line: number;
  key: string;
  submissionId: string;
  status: BatchRowStatus;
  taskId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** What it cost: reserved while it runs, then used (a refunded failure: 0); null before it is sent. */
  credits: number | null;
  thumbnailUrl: string | null;
  prompt: string | null;
}

/** GET /api/batches/{id}/rows: a window of rows in line order, with how many match the filter. */
export interface BatchRowsPage {
  rows: BatchRowView[];
  total: number;
}

export const batchRowsQuerySchema = z.object({
  status: z.enum(BATCH_ROW_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export interface BatchSummary {
  id: string;
  name: string;
  model: string | null;
  state: BatchState;
  rows: number;
  createdAt: string;
  createdBy: { id: string; name: string | null };
  counts: BatchCounts;
}
