// Client-safe schemas of the task API's inputs: the gallery keeps these in its URL, the routes parse them.
import { z } from "zod";
import {
  BATCH_FILTER_PATTERN,
  COMPARISON_ID_PATTERN,
  CSV_MAX_CHARS,
  CSV_MAX_ITEMS,
  ERROR_CODE_PATTERN,
  FAVOURITE_VALUES,
  MEMBER_MAX_CHARS,
  MODEL_ID_PATTERN,
  SEARCH_MAX_CHARS,
  TASK_ID_PATTERN,
  TASK_KINDS,
} from "./task-filter-rules";
import { TASK_STATUSES } from "./views";

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(CSV_MAX_CHARS)
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(CSV_MAX_ITEMS));

const taskId = z.string().trim().regex(TASK_ID_PATTERN, "A task id is letters, digits, and _ . : - (up to 128 characters).");

const instant = z.iso.datetime({ offset: true, error: "Use an ISO 8601 date and time, like 2026-01-31T00:00:00Z." });

export const taskListQuerySchema = z.object({
  status: csv(z.enum(TASK_STATUSES, { error: "status is pending, processing, succeeded or failed." })).optional(),
  error: csv(
    z
      .string()
      .regex(ERROR_CODE_PATTERN, "An error code is lower-case letters, digits and _ . : - (up to 64 characters), like generation_failed."),
  ).optional(),
  model: csv(z.string().regex(MODEL_ID_PATTERN, "Unknown model.")).optional(),
  kind: z.enum(TASK_KINDS, { error: "kind is image or video." }).optional(),
  member: z.string().max(MEMBER_MAX_CHARS).optional(),
  from: instant.optional(),
  to: instant.optional(),
  q: z.string().max(SEARCH_MAX_CHARS, "Search with at most 200 characters.").optional(),
  favourite: z
    .enum(FAVOURITE_VALUES)
    .transform(() => true)
    .optional(),
  parent: taskId.optional(),
  /** Only the columns of one comparison (Compare), every run of each. */
  comparison: z.string().trim().regex(COMPARISON_ID_PATTERN, "A comparison id is a UUID, as in a Compare page's address.").optional(),
  /** Only tasks made by a batch: `any` batch, or one batch's id. */
  batch: z.string().trim().regex(BATCH_FILTER_PATTERN, "batch is `any` or a batch's id (a UUID, as in its page's address).").optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskPatchSchema = z.object({ favourite: z.boolean() }).strict();

/** Whose view a hide (or its undo) applies to: the member's own (default) or the whole team's. */
export const HIDE_SCOPES = ["me", "team"] as const;
export type HideScope = (typeof HIDE_SCOPES)[number];
export const hideQuerySchema = z.object({
  scope: z.enum(HIDE_SCOPES, { error: "scope is me or team." }).default("me"),
});

export const importSchema = z
  .object({
    taskId,
  })
  .strict();
