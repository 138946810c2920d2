// The gateway's edges (issue 44): a path or method it does not serve answers the API's JSON error shape (404,
// 405), a trailing slash on a /v1 path is not redirected with a text body, and a body's fields that the model
// does not define are ignored, as the API's default reading ignores them, and never sent on.
import { beforeAll, describe, expect, it } from "vitest";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import * as legacyGenerate from "@/app/api/video/generate/route";
import * as legacyTask from "@/app/api/video/task/[taskId]/route";
import { POST as createToken } from "@/app/api/settings/access-tokens/route";
import * as files from "@/app/v1/files/[taskId]/[index]/route";
import * as images from "@/app/v1/images/generations/route";
import * as openApi from "@/app/v1/openapi.json/route";
import * as task from "@/app/v1/tasks/[id]/route";
import * as videos from "@/app/v1/videos/generations/route";
import * as unknownPath from "@/app/v1/[[...path]]/route";
import { BODIES } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { submissionIdFor } from "@/lib/gateway/create";
import { call, expectNoInternals, seedTeam, type Team } from "@/lib/testing/app";
import nextConfig from "@/next.config";

let team: Team;
let token = "";
let serial = 0;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = Parameters<typeof call>[0];

function expectSpecError(response: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect({ status: response.status, body: response.json }).toEqual({ status, body: { error: { code, message: expect.any(String) } } });
  expectNoInternals(response.json);
}

const post = (route: Handler, path: string, body: unknown, key = `edge-${(serial += 1)}`) =>
  call(route, path, { method: "POST", body, headers: { origin: "", authorization: `Bearer ${token}`, "idempotency-key": key } });

/** The request a creation stored (and the queue sends byte for byte). */
async function stored(key: string) {
  const submission = await getSubmission(database().db, { id: submissionIdFor(team.member.member.id, key) });
  return JSON.parse(submission!.body) as Record<string, unknown>;
}

beforeAll(async () => {
  team = await seedTeam();
  const made = await call(createToken, "/api/settings/access-tokens", {
    method: "POST",
    cookie: team.member.cookie,
    body: { name: "edges", scope: "all" },
  });
  token = made.json.token;
});

describe("paths and methods the gateway does not serve", () => {
  it("answers every method on an unknown /v1 path (and /v1/tasks/) with the spec's 404", async () => {
    for (const path of ["/v1/audio/generations", "/v1/tasks/", "/v1"]) {
      for (const method of METHODS) {
        const response = await call(unknownPath[method] as Handler, path, { method });
        expectSpecError(response, 404, "not_found");
        expect(response.json.error.message).toContain("GET /v1/tasks/{id}");
      }
    }
  });

  it("answers another method on a known path with the spec's 405, naming the one it takes", async () => {
    const known: [Record<string, unknown>, string, string][] = [
      [images, "/v1/images/generations", "POST"],
      [videos, "/v1/videos/generations", "POST"],
      [task, "/v1/tasks/task_x", "GET"],
      [files, "/v1/files/task_x/0", "GET"],
      [openApi, "/v1/openapi.json", "GET"],
    ];
    for (const [module, path, allowed] of known)
      for (const method of METHODS.filter((m) => m !== allowed)) {
        const response = await call(module[method] as Handler, path, { method, headers: { authorization: `Bearer ${token}` } });
        expectSpecError(response, 405, "method_not_allowed");
        expect(response.headers.get("allow")).toBe(allowed);
      }
    for (const [module, path, allowed] of [
      [legacyGenerate, "/api/video/generate", "POST"],
      [legacyTask, "/api/video/task/task_x", "GET"],
    ] as const)
      for (const method of METHODS.filter((m) => m !== allowed)) {
        const response = await call((module as Record<string, unknown>)[method] as Handler, path, { method });
        expect({ status: response.status, body: response.json }).toEqual({
          status: 405,
          body: { errorCode: "METHOD_NOT_ALLOWED", errorMessage: `Use ${allowed} here.` },
        });
      }
  });

  it("serves a /v1 path with a trailing slash as it came, and redirects every other one as Next would", async () => {
    expect(nextConfig.skipTrailingSlashRedirect).toBe(true);
    const [redirect] = await nextConfig.redirects!();
    expect(redirect).toMatchObject({ destination: "/:path", permanent: true });
    const match = getPathMatch(redirect!.source, { strict: true, removeUnnamedParams: true });
    for (const path of ["/tasks/", "/tasks/task_x/", "/settings/", "/api/tasks/", "/api/video/task/x/", "/v1x/"])
      expect(match(path), path).toEqual({ path: path.slice(1, -1) });
    for (const path of ["/v1/", "/v1/tasks/", "/v1/tasks/task_x/", "/", "/tasks", "/v1/tasks"]) expect(match(path), path).toBe(false);
  });
});

describe("fields a model does not define", () => {
  it("are dropped before the body is checked, stored or sent, as the API's default reading ignores them", async () => {
    const created = await post(images.POST, "/v1/images/generations", { ...BODIES.gamma(), colour: "red", style: null }, "colour");
    expect(created.status, JSON.stringify(created.json)).toBe(202);
    expect(await stored("colour")).not.toHaveProperty("colour");
    expect(await stored("colour")).not.toHaveProperty("style");
    // Inside an image reference too; the reference's own fields stay.
    const reference = {
      ...BODIES.epsilon(),
      mode: "reference-to-video",
      image_references: [{ image_url: "https://cdn.example.com/in/a.png", type: "subject", weight: 1 }],
      __proto__: { n: 2 },
    };
    const made = await post(videos.POST, "/v1/videos/generations", JSON.parse(JSON.stringify(reference)), "reference");
    expect(made.status, JSON.stringify(made.json)).toBe(202);
    expect((await stored("reference")).image_references).toEqual([{ image_url: "https://cdn.example.com/in/a.png", type: "subject" }]);
    // The legacy body's too.
    const legacy = await call(legacyGenerate.POST, "/api/video/generate", {
      method: "POST",
      body: { modelKey: "alpha-2.3", prompt: "a kite", colour: "red" },
      headers: { origin: "", "x-api-key": token, "idempotency-key": "legacy-colour" },
    });
    expect(legacy.status).toBe(200);
    expect(await stored("legacy-colour")).not.toHaveProperty("colour");
  });

  it("still refuses a field of another of the model's modes, naming it, as the API does", async () => {
    const refused = await post(videos.POST, "/v1/videos/generations", {
      model: "beta-2.0",
      prompt: "a kite over the dunes",
      mode: "image-to-video",
      image_url: "https://cdn.example.com/in/a.png",
      web_search: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ code: "invalid_request", field: "web_search" });
  });

  it("refuses a body nested 10,000 deep as malformed, before any walk of it overflows", async () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const response = await call(images.POST, "/v1/images/generations", {
      method: "POST",
      raw: `{"model":"gamma-5-pro","prompt":"a kite","colour":${deep}}`,
      headers: { origin: "", authorization: `Bearer ${token}`, "idempotency-key": "deep-colour" },
    });
    expectSpecError(response, 400, "malformed_json");
  });
});
