import "server-only";
import { z } from "zod";
import { MODELS } from "@/lib/models/catalogue";
import { ACCESS_TOKEN_SCOPES } from "@/lib/schemas/access-tokens";
import { batchPaths, batchSchemas } from "./openapi-batches";

// The OpenAPI 3.1 document of the gateway (GET /v1/openapi.json), its request bodies generated from the same
// zod schemas that validate them (zod 4's JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is).

/** The schemas are strict, but the gateway drops a field its model does not define (./unknown-fields.ts): so may a client. */
function allowingUnknown(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowingUnknown);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === "additionalProperties" && value === false))
      .map(([key, value]) => [key, allowingUnknown(value)]),
  );
}

const bodyOf = (kind: "image" | "video") =>
  ({
    description:
      "The model's request. A field the model defines in none of its modes is ignored (and not sent on); a field of another of its modes is a 422.",
    oneOf: MODELS.filter((model) => model.kind === kind).map((model) =>
      allowingUnknown(z.toJSONSchema(model.schema, { io: "input", unrepresentable: "any" })),
    ),
  }) as Record<string, unknown>;

const errorDetail = {
  type: "object",
  required: ["code", "message"],
  properties: { code: { type: "string" }, message: { type: "string" }, field: { type: "string" } },
};
const error = { type: "object", required: ["error"], properties: { error: { $ref: "#/components/schemas/ErrorDetail" } } };

const task = {
  type: "object",
  required: ["id", "status", "model", "credits_reserved"],
  properties: {
    id: { type: "string", pattern: "^task_" },
    status: { enum: ["pending", "processing", "succeeded", "failed"] },
    model: { type: "string" },
    created_at: { type: "string", format: "date-time" },
    updated_at: { type: "string", format: "date-time" },
    credits_reserved: { type: "number" },
    credits_used: { type: "number" },
    credits_refunded: { type: "number" },
    data: {
      type: "array",
      items: {
        type: "object",
        required: ["url"],
        properties: { url: { type: "string", format: "uri" }, width: { type: "integer" }, height: { type: "integer" } },
      },
    },
    error: { $ref: "#/components/schemas/ErrorDetail" },
  },
};

const legacyRequest = {
  type: "object",
  description: "Any other field is ignored (and not sent on).",
  required: ["modelKey", "prompt"],
  properties: {
    modelKey: { const: "alpha-2.3" },
    prompt: { type: "string" },
    resolution: { type: "string", examples: ["768P", "1080P"] },
    outputDurationSec: { type: "number" },
    promptExtend: { type: "boolean" },
  },
};

// The legacy dialect: a creation answers {taskId, status, creditCost}; a retrieval adds modelKey, the result and
// the timestamps; a refusal is {errorCode, errorMessage, field?} with the code in capitals.
const legacyStatus = { enum: ["PENDING", "RUNNING", "SUCCEEDED", "FAILED"] };
const legacyCreated = {
  type: "object",
  required: ["taskId", "status", "creditCost"],
  properties: { taskId: { type: "string", pattern: "^task_" }, status: legacyStatus, creditCost: { type: "number" } },
};
const legacyTask = {
  type: "object",
  required: ["taskId", "modelKey", "status", "creditCost", "createdAt", "updatedAt"],
  properties: {
    taskId: { type: "string", pattern: "^task_" },
    modelKey: { type: "string" },
    status: legacyStatus,
    creditCost: { type: "number" },
    videoUrl: { type: "string", format: "uri" },
    errorCode: { type: "string" },
    errorMessage: { type: "string" },
    refundedCredits: { type: "number" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

const legacyError = {
  type: "object",
  required: ["errorCode", "errorMessage"],
  properties: {
    errorCode: { type: "string", examples: ["INVALID_REQUEST", "UNAUTHORIZED", "NOT_FOUND", "IDEMPOTENCY_CONFLICT"] },
    errorMessage: { type: "string" },
    field: { type: "string" },
  },
};

const errorsAs = (schema: "Error" | "LegacyError", statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: ERROR_MEANING[status]!, content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } } },
    ]),
  );
const errors = (...statuses: number[]) => errorsAs("Error", statuses);
const legacyErrors = (...statuses: number[]) => errorsAs("LegacyError", statuses);

const ERROR_MEANING: Record<number, string> = {
  400: "Missing or invalid Idempotency-Key, malformed JSON (or nested deeper than 32 levels), or (legacy) an invalid request",
  401: "Missing, unknown, expired or revoked token",
  402: "Over a budget (the member's, the team's or the token's own): nothing was sent",
  403: "The token's scope does not allow this",
  404: "No such task of this member",
  409: "The Idempotency-Key was used with another body",
  413: "Body over 64 KiB",
  415: "Content-Type is not application/json",
  422: "A value the model does not take; error.field names it",
  429: "Over the token's requests a minute; honour Retry-After",
};

const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  schema: { type: "string", pattern: "^[A-Za-z0-9.:_-]{1,128}$" },
};

const json = (schema: unknown) => ({ "application/json": { schema } });

function creation(kind: "image" | "video") {
  return {
    post: {
      summary: `Create ${kind === "image" ? "an image" : "a video"} task`,
      security: [{ token: [] }],
      parameters: [idempotencyKey],
      requestBody: { required: true, content: json({ $ref: `#/components/schemas/${kind === "image" ? "Image" : "Video"}Request` }) },
      responses: {
        "202": { description: "Accepted: waiting in Darkroom's queue or sent", content: json({ $ref: "#/components/schemas/Task" }) },
        "200": { description: "A replay of the same key and body", content: json({ $ref: "#/components/schemas/Task" }) },
        ...errors(400, 401, 402, 403, 409, 413, 415, 422, 429),
      },
    },
  };
}

export function openApiDocument(origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Darkroom gateway to the generation API",
      version: "1.0.0",
      description: `The generation API's own routes, served by Darkroom with a member's personal access token (scopes: ${ACCESS_TOKEN_SCOPES.join(", ")}). Batches (POST /v1/batches) take JSON lines of these creation bodies, each with its custom_id. Another path under /v1 answers 404 and another method on a path 405 (method_not_allowed), in the Error shape. See docs/gateway.md.`,
    },
    servers: [{ url: origin }],
    components: {
      securitySchemes: {
        token: { type: "http", scheme: "bearer", description: "A personal access token (dr_…) from Settings → Access tokens" },
        legacyToken: { type: "apiKey", in: "header", name: "x-api-key", description: "The same token, on the legacy routes" },
      },
      schemas: {
        ImageRequest: bodyOf("image"),
        VideoRequest: bodyOf("video"),
        Task: task,
        Error: error,
        ErrorDetail: errorDetail,
        LegacyRequest: legacyRequest,
        LegacyCreated: legacyCreated,
        LegacyTask: legacyTask,
        LegacyError: legacyError,
        ...batchSchemas,
      },
    },
    paths: {
      "/v1/images/generations": creation("image"),
      "/v1/videos/generations": creation("video"),
      "/v1/tasks/{id}": {
        get: {
          summary: "Read a task",
          security: [{ token: [] }],
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "The id the creation answered (the one Darkroom's gallery shows); the API's own id of the task is taken too",
              schema: { type: "string" },
            },
          ],
          responses: { "200": { description: "The task", content: json({ $ref: "#/components/schemas/Task" }) }, ...errors(401, 404, 429) },
        },
      },
      ...batchPaths,
      "/api/video/generate": {
        post: {
          summary: "Create an alpha-2.3 video through the legacy endpoint",
          security: [{ legacyToken: [] }],
          parameters: [idempotencyKey],
          requestBody: { required: true, content: json({ $ref: "#/components/schemas/LegacyRequest" }) },
          responses: {
            "200": {
              description: "Accepted, or a replay of the same key and body (then with the header Idempotent-Replayed: true)",
              content: json({ $ref: "#/components/schemas/LegacyCreated" }),
            },
            ...legacyErrors(400, 401, 402, 403, 409, 413, 415, 429),
          },
        },
      },
      "/api/video/task/{taskId}": {
        get: {
          summary: "Read a legacy task",
          security: [{ legacyToken: [] }],
          parameters: [{ name: "taskId", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The task", content: json({ $ref: "#/components/schemas/LegacyTask" }) },
            ...legacyErrors(401, 404, 429),
          },
        },
      },
    },
  };
}
