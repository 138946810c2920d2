// Issue 25, finding 1: an upstream that echoes the API key (any letter case, base64, URL-encoded, spaced out,
// JSON-escaped) in a failed task's code, message, field or extra members. Over real HTTP against a hostile
// fake upstream, through the engine's creation, poll, legacy import and a 422: nothing stored, listed, shown
// or exported holds the key in any form, and a code that carried it is "unknown".
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as tasksCsv } from "@/app/api/exports/tasks.csv/route";
import { GET as tasksJson } from "@/app/api/exports/tasks.json/route";
import { GET as getOne } from "@/app/api/tasks/[id]/route";
import { GET as list } from "@/app/api/tasks/route";
import { BODIES } from "@/emulator/testing";
import { database } from "@/lib/db";
import { call, expectNoInternals, seedTeam, type Team } from "@/lib/testing/app";
import { clearEngineTables, testEngine } from "@/lib/testing/engine";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { importTask } from "@/lib/tasks/import";

const KEY = "sk-Echo_9QfX2bT7+rLm4/Zp8KvN3w";
const b64 = (text: string) => Buffer.from(text).toString("base64");
const spaced = [...KEY].join(" ");
/** The key as JSON escapes: invisible in the answer's text, plain once parsed. */
const escapedKey = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

const failed = (id: string, code: string, model: string) => ({
  id,
  status: "failed",
  model,
  credits_reserved: 38,
  credits_refunded: 38,
  error: {
    code,
    message: `Key ${b64(KEY)} (${spaced}) is not allowed; retry with ${encodeURIComponent(KEY)}.`,
    field: KEY.toLowerCase(),
    details: KEY.toUpperCase(),
  },
  trace: "ESCAPED",
});
const answer = (value: unknown) => JSON.stringify(value).replace('"ESCAPED"', `"${escapedKey}"`);

const readBody = async (request: IncomingMessage) => {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as { model?: string }) : {};
};

const upstream = createServer((request, response) => {
  void (async () => {
    const body = await readBody(request);
    const send = (status: number, text: string) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(text);
    };
    const path = request.url ?? "";
    if (path === "/v1/images/generations") return send(200, answer(failed("task_echo_created", KEY.toLowerCase(), "gamma-5-pro")));
    if (path === "/v1/videos/generations" && body.model === "alpha-2.3-fast")
      return send(422, JSON.stringify({ error: { code: KEY, message: `bad key ${KEY.toLowerCase()}`, field: KEY.toUpperCase() } }));
    if (path === "/v1/videos/generations")
      return send(202, JSON.stringify({ id: "task_echo_polled", status: "pending", model: "alpha-2.3" }));
    if (path === "/v1/tasks/task_echo_polled") return send(200, answer(failed("task_echo_polled", KEY.toUpperCase(), "alpha-2.3")));
    if (path === "/api/video/task/task_echo_imported")
      return send(
        200,
        JSON.stringify({ taskId: "task_echo_imported", state: "FAILED", cost: 38, errorCode: KEY, errorMessage: spaced, extra: b64(KEY) }),
      );
    send(404, JSON.stringify({ error: { code: "not_found", message: "No such task." } }));
  })();
});
await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** Which form of the key the text holds (compared without case and white space), or undefined. */
function keyFormIn(text: string): string | undefined {
  const plain = text.toLowerCase().replace(/\s+/g, "");
  const forms = [KEY, b64(KEY), encodeURIComponent(KEY), escapedKey].map((form) => form.toLowerCase());
  for (const form of forms) if (plain.includes(form)) return form;
  for (let i = 0; i + 8 <= KEY.length; i += 1) {
    const run = KEY.slice(i, i + 8).toLowerCase();
    if (plain.includes(run)) return run;
  }
  return undefined;
}

let team: Team;
beforeAll(async () => {
  team = await seedTeam();
  await clearEngineTables();
});

describe("an upstream that echoes the API key", () => {
  it("gets no form of it into the database, the task list, a task's page or the exports", async () => {
    const t = await testEngine({ url, advance: async () => 0 }, KEY);
    await t.submit(BODIES.gamma("a kite"));
    await t.submit(BODIES.alpha("a harbour"));
    await t.submit({ model: "alpha-2.3-fast", prompt: "a lighthouse" });
    await dispatchOnce(t.engine);
    await t.pollUntil("task_echo_polled", (task) => task.status === "failed");
    await importTask(t.engine, team.member.member, "task_echo_imported");

    const { db } = database();
    const tasks = await db.selectFrom("tasks").selectAll().orderBy("id").execute();
    expect(tasks.map((task) => [task.id, task.status, task.error_code])).toEqual([
      ["task_echo_created", "failed", "unknown"],
      ["task_echo_imported", "failed", "unknown"],
      ["task_echo_polled", "failed", "unknown"],
    ]);
    const rejected = await db.selectFrom("submissions").selectAll().where("state", "=", "rejected").execute();
    expect(rejected).toHaveLength(1);
    // What an echo left out still reaches the task's page: the raw answer keeps its shape.
    const page = await call(getOne, "/api/tasks/task_echo_created", { cookie: team.viewer.cookie, params: { id: "task_echo_created" } });
    expect(page.json.task.unmapped).toEqual({ trace: "[redacted]" });

    const seen: [string, string][] = [
      ["tasks rows", JSON.stringify(tasks)],
      ["submission rows", JSON.stringify(await db.selectFrom("submissions").selectAll().execute())],
      ["GET /api/tasks", JSON.stringify((await call(list, "/api/tasks", { cookie: team.viewer.cookie })).json)],
      ["tasks.csv", String((await call(tasksCsv, "/api/exports/tasks.csv", { cookie: team.admin.cookie })).json)],
      ["tasks.json", JSON.stringify((await call(tasksJson, "/api/exports/tasks.json", { cookie: team.admin.cookie })).json)],
    ];
    for (const task of tasks) {
      const view = await call(getOne, `/api/tasks/${task.id}`, { cookie: team.viewer.cookie, params: { id: task.id } });
      seen.push([`GET /api/tasks/${task.id}`, JSON.stringify(view.json)]);
    }
    for (const [where, text] of seen) {
      expect(text.length, where).toBeGreaterThan(2);
      expect(keyFormIn(text), where).toBeUndefined();
      expectNoInternals(text);
    }
  });
});
