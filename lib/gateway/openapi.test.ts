// The gateway's OpenAPI document (GET /v1/openapi.json): valid OpenAPI 3.1, checked by an OpenAPI validator,
// and its request bodies, generated from the zod schemas, accept what the gateway accepts and refuse what it refuses.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { GET as openApiRoute } from "@/app/v1/openapi.json/route";
import { BODIES } from "@/emulator/testing";
import { call } from "@/lib/testing/app";

async function document() {
  const response = await call(openApiRoute, "/v1/openapi.json");
  expect(response.status).toBe(200);
  return response.json;
}

describe("GET /v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document of every gateway route, served at the address it was asked at", async () => {
    const doc = await document();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/api/video/generate",
      "/api/video/task/{taskId}",
      "/v1/batches",
      "/v1/batches/{id}",
      "/v1/batches/{id}/results",
      "/v1/images/generations",
      "/v1/tasks/{id}",
      "/v1/videos/generations",
    ]);
    expect(doc.servers).toEqual([{ url: "http://localhost:3000" }]);
  });

  it("describes request bodies that accept the gateway's requests and refuse what its schemas refuse", async () => {
    const { components } = await document();
    const ajv = new Ajv2020({ strict: false });
    const image = ajv.compile(components.schemas.ImageRequest);
    const video = ajv.compile(components.schemas.VideoRequest);
    expect(image(BODIES.gamma())).toBe(true);
    expect(image(BODIES.delta())).toBe(true);
    expect(video(BODIES.alpha())).toBe(true);
    expect(image(BODIES.alpha())).toBe(false); // a video model is not an image request
    expect(image({ model: "gamma-5-pro" })).toBe(false); // no prompt
    expect(video({ ...BODIES.alpha(), duration: 7 })).toBe(false); // alpha-2.3 takes 6 or 10 s
    // A field the model defines nowhere is ignored by the gateway (unknown-fields.ts), so the document allows it.
    expect(image({ ...BODIES.gamma(), colour: "red" })).toBe(true);
    expect(ajv.compile(components.schemas.LegacyRequest)({ ...BODIES.legacy(), colour: "red" })).toBe(true);
  });

  it("describes a batch's lines, with an example file whose every line is one", async () => {
    const doc = await document();
    const ajv = new Ajv2020({ strict: false });
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const line = ajv.compile({ $ref: "#/components/schemas/BatchLine" });
    expect(line({ custom_id: "a", ...BODIES.gamma() })).toBe(true);
    expect(line({ custom_id: "v", ...BODIES.alpha() })).toBe(true);
    expect(line(BODIES.gamma())).toBe(false); // no custom_id
    expect(line({ custom_id: "a", model: "gamma-5-pro" })).toBe(false); // no prompt
    expect(line({ custom_id: "k".repeat(121), ...BODIES.gamma() })).toBe(false);
    const post = doc.paths["/v1/batches"].post;
    expect(Object.keys(post.requestBody.content)).toEqual(["application/jsonl", "application/x-ndjson"]);
    const example: string = post.requestBody.content["application/jsonl"].example;
    expect(example.split("\n")).toHaveLength(3);
    for (const text of example.split("\n")) expect(line(JSON.parse(text)), text).toBe(true);
  });
});
