import "server-only";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS, MAX_KEY_LENGTH } from "@/lib/schemas/batches";

// The batch routes in the gateway's OpenAPI document (./openapi.ts): POST /v1/batches, GET /v1/batches/{id} and
// its results. OpenAPI 3.1 has no schema for each line of a JSON-lines body (3.2's itemSchema), so a line's
// schema is the component BatchLine, which the request body's description names, with an example file.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });

const errorsMeaning = (meaning: Record<number, string>) =>
  Object.fromEntries(Object.entries(meaning).map(([status, description]) => [status, { description, content: json(ref("Error")) }]));

const ROW_STATUSES = ["waiting", "paused", "running", "succeeded", "failed", "cancelled"];

const batchLine = {
  description: `One line of a batch: a creation body exactly as POST /v1/images/generations or /v1/videos/generations takes it (its model decides which), plus custom_id, the line's key: unique in the file, at most ${MAX_KEY_LENGTH} characters.`,
  type: "object",
  required: ["custom_id", "model"],
  properties: { custom_id: { type: "string", minLength: 1, maxLength: MAX_KEY_LENGTH } },
  anyOf: [ref("ImageRequest"), ref("VideoRequest")],
};

const counts = {
  type: "object",
  description:
    "Rows by status. A row whose task succeeded counts as running until Darkroom holds its copy of the result (failed if it could not copy it), as the task's own status says.",
  required: ["total", ...ROW_STATUSES],
  properties: Object.fromEntries(["total", ...ROW_STATUSES].map((name) => [name, { type: "integer", minimum: 0 }])),
};

const batch = {
  type: "object",
  required: ["id", "name", "model", "status", "created_at", "counts", "credits", "results_url"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    model: { type: ["string", "null"], description: "The model of every row, or null when its rows name several" },
    status: {
      enum: ["running", "paused", "cancelled", "completed"],
      description: "completed once no row waits, runs or is paused; paused and cancelled as a person set it in Darkroom",
    },
    created_at: { type: "string", format: "date-time" },
    counts,
    credits: {
      type: "object",
      required: ["reserved", "used", "refunded"],
      properties: {
        reserved: { type: "number", description: "Held now by the batch's tasks still running" },
        used: { type: "number" },
        refunded: { type: "number" },
      },
    },
    results_url: { type: "string", format: "uri", description: "GET it (with the token) for the results file" },
  },
  examples: [
    {
      id: "9f0c1d2e-8a4b-5c6d-8e7f-0123456789ab",
      name: "Catalogue",
      model: null,
      status: "running",
      created_at: "2026-11-02T09:30:00.000Z",
      counts: { total: 3, waiting: 1, paused: 0, running: 1, succeeded: 1, failed: 0, cancelled: 0 },
      credits: { reserved: 88, used: 44, refunded: 0 },
      results_url: "https://darkroom.example/v1/batches/9f0c1d2e-8a4b-5c6d-8e7f-0123456789ab/results",
    },
  ],
};

const resultLine = {
  description: "One line of the results file, a line per row of the batch, in the file's order.",
  type: "object",
  required: ["custom_id", "line", "status", "task_id", "error_code", "credits_reserved", "credits_used", "credits_refunded", "result_urls"],
  properties: {
    custom_id: { type: "string" },
    line: { type: "integer", description: "The row's line in the file sent" },
    status: { enum: ROW_STATUSES },
    task_id: { type: ["string", "null"], description: "The id GET /v1/tasks/{id} answers" },
    error_code: { type: ["string", "null"] },
    credits_reserved: { type: ["number", "null"] },
    credits_used: { type: ["number", "null"] },
    credits_refunded: { type: ["number", "null"] },
    result_urls: {
      type: "array",
      items: { type: "string", format: "uri" },
      description: "Signed links to Darkroom's copies, as a task's data[].url: they open with no header for at least 24 hours",
    },
  },
};

const EXAMPLE_FILE = [
  '{"custom_id": "harbour", "model": "gamma-5-pro", "prompt": "a quiet harbour at dawn"}',
  '{"custom_id": "dunes", "model": "delta-image-2", "prompt": "dunes at noon", "size": "3:2"}',
  '{"custom_id": "kite", "model": "alpha-2.3", "prompt": "a kite over the sea", "duration": 6}',
].join("\n");

const idParameter = { name: "id", in: "path", required: true, description: "The id POST /v1/batches answered", schema: { type: "string" } };

export const batchSchemas = { BatchLine: batchLine, Batch: batch, BatchResultLine: resultLine };

export const batchPaths = {
  "/v1/batches": {
    post: {
      summary: "Start a batch from JSON lines",
      description: `Each line is a BatchLine. The body streams (at most ${MAX_BATCH_BYTES / 1024 / 1024} MB and ${MAX_BATCH_ROWS.toLocaleString("en")} lines); every row is stored as its own task, with its own Idempotency-Key to the API, in one step, then sent by Darkroom's queue within the budgets.`,
      security: [{ token: [] }],
      parameters: [
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "With one, a resend answers the batch it made (200, Idempotent-Replayed: true); without, every POST starts a new batch",
          schema: { type: "string", pattern: "^[A-Za-z0-9.:_-]{1,128}$" },
        },
        {
          name: "over_budget",
          in: "query",
          description:
            "Over a budget (the member's, the team's, the token's cap): refuse the whole batch (402), or keep the rows that fit, in order",
          schema: { enum: ["refuse", "trim"], default: "refuse" },
        },
        {
          name: "skip_invalid",
          in: "query",
          description: "Leave out the lines that are not valid requests instead of refusing the batch (422)",
          schema: { enum: ["true", "false"], default: "false" },
        },
        { name: "name", in: "query", description: "The batch's name in Darkroom", schema: { type: "string", maxLength: 200 } },
      ],
      requestBody: {
        required: true,
        description: "JSON lines: one BatchLine (#/components/schemas/BatchLine) a line",
        content: Object.fromEntries(
          ["application/jsonl", "application/x-ndjson"].map((type) => [type, { schema: { type: "string" }, example: EXAMPLE_FILE }]),
        ),
      },
      responses: {
        "202": { description: "Started: every row stored, waiting in Darkroom's queue", content: json(ref("Batch")) },
        "200": { description: "A resend with the same Idempotency-Key and body: the batch it made", content: json(ref("Batch")) },
        ...errorsMeaning({
          400: "Invalid Idempotency-Key, or the body did not arrive whole",
          401: "Missing, unknown, expired or revoked token",
          402: "Over a budget with over_budget=refuse, or not one row fits with over_budget=trim: nothing was stored",
          403: "The token may create neither images nor videos",
          409: "The Idempotency-Key was used with another body",
          413: `Body over ${MAX_BATCH_BYTES / 1024 / 1024} MB`,
          415: "Content-Type is not application/jsonl or application/x-ndjson",
          422: "A line that is not valid: error.field is its line and field (`2.prompt`, `3.custom_id`), error.message lists up to three; or the file cannot be read (its line and column in error.message), or a query option is wrong (error.field names it)",
          429: "Over the token's requests a minute; honour Retry-After",
        }),
      },
    },
  },
  "/v1/batches/{id}": {
    get: {
      summary: "Read a batch: its status, counts by row status and credits",
      security: [{ token: [] }],
      parameters: [idParameter],
      responses: {
        "200": { description: "The batch", content: json(ref("Batch")) },
        ...errorsMeaning({
          401: "Missing, unknown, expired or revoked token",
          404: "No such batch of this member",
          429: "Over the token's requests a minute; honour Retry-After",
        }),
      },
    },
  },
  "/v1/batches/{id}/results": {
    get: {
      summary: "The batch's results file: a BatchResultLine (#/components/schemas/BatchResultLine) per row",
      security: [{ token: [] }],
      parameters: [idParameter],
      responses: {
        "200": {
          description: "JSON lines, one per row in the file's order, streamed",
          content: {
            "application/jsonl": {
              schema: { type: "string" },
              example:
                '{"custom_id":"harbour","line":1,"status":"succeeded","task_id":"task_…","error_code":null,"credits_reserved":44,"credits_used":44,"credits_refunded":null,"result_urls":["https://darkroom.example/v1/files/…/0?expires=…&signature=…"]}',
            },
          },
        },
        ...errorsMeaning({
          401: "Missing, unknown, expired or revoked token",
          404: "No such batch of this member",
          429: "Over the token's requests a minute; honour Retry-After",
        }),
      },
    },
  },
};
