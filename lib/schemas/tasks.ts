// Client-safe schemas of the task API's inputs: the gallery keeps these in its URL, the routes parse them.
import { z } from "zod";
import { TASK_STATUSES } from "./views";

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(500)
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(20));

const taskId = z
  .string()
  .trim()
  // No `task_` prefix is assumed: legacy task ids may have none (the spec names only v1's prefix).
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/, "A task id is letters, digits, and _ . : - (up to 128 characters).");

const instant = z.iso.datetime({ offset: true, error: "Use an ISO 8601 date and time, like 2026-01-31T00:00:00Z." });

export const taskListQuerySchema = z.object({
  status: csv(z.enum(TASK_STATUSES, { error: "status is pending, processing, succeeded or failed." })).optional(),
  model: csv(z.string().regex(/^[a-z0-9.-]{1,40}$/, "Unknown model.")).optional(),
  kind: z.enum(["image", "video"], { error: "kind is image or video." }).optional(),
  member: z.string().max(100).optional(),
  from: instant.optional(),
  to: instant.optional(),
  q: z.string().max(200, "Search with at most 200 characters.").optional(),
  favourite: z
    .enum(["1", "true"])
    .transform(() => true)
    .optional(),
  parent: taskId.optional(),
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
