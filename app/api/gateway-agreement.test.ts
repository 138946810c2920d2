// The agreement table (lib/models/agreement.test.ts: every rule of the spec, row by row, as the schemas and
// the emulator judge it) run against the gateway (issue 29): a valid body is accepted (202), an invalid one is
// the spec's 422 blaming the same field the emulator blames. A field the model defines nowhere is ignored, as
// the emulator's default reading ignores it (issue 44): those rows are accepted. The extension rows extend a
// task made through the gateway, named by the id the gateway answered.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createToken } from "@/app/api/settings/access-tokens/route";
import { POST as images } from "@/app/v1/images/generations/route";
import { POST as videos } from "@/app/v1/videos/generations/route";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { call, seedTeam, type Signed } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";
import { alphaBetaRows } from "@/lib/testing/model-agreement/alpha-beta-rows";
import { epsilonRows } from "@/lib/testing/model-agreement/epsilon-rows";
import { imageRows, modelRows } from "@/lib/testing/model-agreement/image-rows";
import type { Row } from "@/lib/testing/model-agreement/table";

const ROWS: Row[] = [...modelRows, ...alphaBetaRows, ...epsilonRows, ...imageRows];
const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let member: Signed;
let token = "";
let used = 0;
let parentId = "";

/** A token per 100 rows: each stays under its 120 requests a minute. */
async function aToken(): Promise<string> {
  if (token && used < 100) return token;
  const made = await call(createToken, "/api/settings/access-tokens", {
    method: "POST",
    cookie: member.cookie,
    body: { name: `agreement ${randomUUID()}`, scope: "all" },
  });
  [token, used] = [made.json.token, 0];
  return token;
}

const post = async (endpoint: Row["endpoint"], body: unknown) => {
  const secret = await aToken();
  used += 1;
  return call(endpoint === "images" ? images : videos, `/v1/${endpoint}/generations`, {
    method: "POST",
    body,
    headers: { origin: "", authorization: `Bearer ${secret}`, "idempotency-key": randomUUID() },
  });
};

beforeAll(async () => {
  member = (await seedTeam()).member;
  const emu = emulator();
  const { apiKey } = await emu.account({ credits: 10_000_000 });
  const t = await testEngine(emu, apiKey);
  const parent = await post("videos", BODIES.epsilon());
  expect(parent.status).toBe(202);
  parentId = parent.json.id;
  await dispatchOnce(t.engine);
  const submission = (await getSubmission(database().db, { id: parentId.slice("task_".length) }))!;
  await t.pollUntil(submission.task_id!, (task) => task.status === "succeeded");
});

describe("the gateway judges every row of the agreement table as the emulator does", () => {
  it.each(ROWS)("$name", async (row) => {
    const body = typeof row.body === "function" ? row.body(parentId) : row.body;
    const response = await post(row.endpoint, body);
    if (row.valid || row.unknownField) expect(response.status, JSON.stringify(response.json)).toBe(202);
    else {
      expect(response.status, JSON.stringify(response.json)).toBe(422);
      expect(response.json.error.field, response.json.error.message).toBe(row.field);
    }
  });
});
