// Exports: tasks and usage as CSV and JSON through the real routes and database. Content and escaping
// (formula-safe cells, RFC 4180 quoting, UTF-8), the period, who sees which tasks, and the file's headers.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as tasksCsv } from "@/app/api/exports/tasks.csv/route";
import { GET as tasksJson } from "@/app/api/exports/tasks.json/route";
import { GET as usageCsv } from "@/app/api/exports/usage.csv/route";
import { GET as usageJson } from "@/app/api/exports/usage.json/route";
import { database } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { hideForMember } from "@/lib/db/task-hides";
import { insertTask } from "@/lib/db/tasks";
import { createAccessToken } from "@/lib/gateway/tokens";
import { call, expectError, ORIGIN, seedTeam, type Team } from "@/lib/testing/app";
import { csvRecords, parseCsv } from "@/lib/testing/csv";

let team: Team;

const EVIL = ['=HYPERLINK("http://x")', "+1+1", "-2", "@SUM(A1)", "\tTAB", "\rCR"];
const TRICKY = 'a "quoted", two-line\nprompt — café 🌅';

async function task(id: string, createdAt: string, patch: Partial<Parameters<typeof insertTask>[1]> = {}) {
  await insertTask(database().db, {
    id,
    user_id: team.member.member.id,
    model: "gamma-5-pro",
    kind: "image",
    params: JSON.stringify({ model: "gamma-5-pro", prompt: "p", aspect_ratio: "16:9", image_urls: ["https://a.example/1.png"] }),
    prompt: "a red kite",
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    created_at: createdAt,
    updated_at: createdAt,
    ...patch,
  });
}

beforeAll(async () => {
  team = await seedTeam();
  await task("task_a", "2026-03-01T10:00:00.000Z", { prompt: TRICKY });
  for (const [i, prompt] of EVIL.entries()) await task(`task_evil_${i}`, `2026-03-02T10:00:0${i}.000Z`, { prompt });
  await task("task_failed", "2026-03-03T23:59:59.999Z", {
    user_id: team.admin.member.id,
    model: "alpha-2.3",
    kind: "video",
    params: JSON.stringify({ model: "alpha-2.3", prompt: "p", duration: 6, resolution: "1080p" }),
    status: "failed",
    credits_used: null,
    credits_refunded: 44,
    error_code: "generation_failed",
  });
  await task("task_hidden", "2026-03-04T00:00:00.000Z", { hidden: 1 });
  await task("task_self_hidden", "2026-03-04T00:00:01.000Z");
  await hideForMember(database().db, { taskId: "task_self_hidden", userId: team.member.member.id, at: "2026-03-05T00:00:00.000Z" });
});

/** The body's first bytes as sent (a TextDecoder would drop a BOM). */
async function firstBytes(path: string): Promise<Uint8Array> {
  const response = await tasksCsv(new Request(`${ORIGIN}${path}`, { headers: { cookie: team.admin.cookie } }));
  return new Uint8Array(await response.arrayBuffer()).slice(0, 4);
}

const get = (handler: Parameters<typeof call>[0], path: string, as: keyof Team = "admin") =>
  call(handler, path, { cookie: team[as].cookie });

describe("tasks.csv", () => {
  it("has a header row, one row per task oldest first, and the file's headers", async () => {
    const response = await get(tasksCsv, "/api/exports/tasks.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="darkroom-tasks-all.csv"');
    const text = String(response.json);
    expect((await firstBytes("/api/exports/tasks.csv"))[0]).toBe(0x74); // "t": no BOM unless asked
    expect(text.split("\r\n")[0]).toBe(
      "task_id,created_at,member,model,settings,prompt,status,credits_reserved,credits_used,credits_refunded,error_code,hidden,via_token,batch_id,batch_key",
    );
    const rows = csvRecords(text);
    expect(rows.map((row) => row.task_id)).toEqual([
      "task_a",
      ...EVIL.map((_, i) => `task_evil_${i}`),
      "task_failed",
      "task_hidden",
      "task_self_hidden",
    ]);
    expect(rows[0]).toEqual({
      task_id: "task_a",
      created_at: "2026-03-01T10:00:00.000Z",
      member: "mo",
      model: "gamma-5-pro",
      settings: "aspect_ratio=16:9; image_urls=1 item",
      prompt: TRICKY,
      status: "succeeded",
      credits_reserved: "44",
      credits_used: "44",
      credits_refunded: "",
      error_code: "",
      hidden: "false",
      via_token: "",
      batch_id: "",
      batch_key: "",
    });
    expect(rows.find((row) => row.task_id === "task_failed")).toMatchObject({
      member: "Ada Admin",
      settings: "duration=6; resolution=1080p",
      status: "failed",
      credits_used: "",
      credits_refunded: "44",
      error_code: "generation_failed",
    });
  });

  it("makes every cell a spreadsheet would run into text", async () => {
    const rows = csvRecords(String((await get(tasksCsv, "/api/exports/tasks.csv")).json));
    const prompts = EVIL.map((_, i) => rows.find((row) => row.task_id === `task_evil_${i}`)!.prompt);
    expect(prompts).toEqual(EVIL.map((prompt) => `'${prompt}`));
  });

  it("adds a BOM for Excel when asked", async () => {
    expect([...(await firstBytes("/api/exports/tasks.csv?bom=1"))]).toEqual([0xef, 0xbb, 0xbf, 0x74]);
  });

  it("covers the period asked: dates are whole UTC days, both ends inclusive", async () => {
    const ids = async (query: string) =>
      csvRecords(String((await get(tasksCsv, `/api/exports/tasks.csv?${query}`)).json)).map((row) => row.task_id);
    expect(await ids("from=2026-03-03&to=2026-03-03")).toEqual(["task_failed"]);
    expect(await ids("from=2026-03-02T10:00:05Z&to=2026-03-04T00:00:00Z")).toEqual(["task_evil_5", "task_failed", "task_hidden"]);
    const named = await get(tasksCsv, "/api/exports/tasks.csv?from=2026-03-01&to=2026-03-31");
    expect(named.headers.get("content-disposition")).toBe('attachment; filename="darkroom-tasks-2026-03-01_2026-03-31.csv"');
  });

  it.each([
    ["from=yesterday", "from"],
    ["from=2026-02-31", "from"],
    ["to=2026-03-01T25:00:00Z", "to"],
    ["from=2026-03-02&to=2026-03-01", "to"],
    ["bom=yes", "bom"],
  ])("refuses %s with a message saying what to send", async (query, field) => {
    const response = await get(tasksCsv, `/api/exports/tasks.csv?${query}`);
    expectError(response, 422, "invalid:body");
    expect(Object.keys(response.json.error.fields)).toEqual([field]);
  });

  it("gives members and viewers the tasks their gallery shows them; admins every task", async () => {
    const ids = async (as: keyof Team) =>
      csvRecords(String((await get(tasksCsv, "/api/exports/tasks.csv", as)).json)).map((r) => r.task_id);
    expect(await ids("member")).not.toContain("task_hidden");
    expect(await ids("member")).not.toContain("task_self_hidden");
    expect(await ids("viewer")).toContain("task_self_hidden");
    expect(await ids("viewer")).not.toContain("task_hidden");
    expect(await ids("admin")).toEqual(expect.arrayContaining(["task_hidden", "task_self_hidden"]));
    expectError(await call(tasksCsv, "/api/exports/tasks.csv"), 401, "unauthorized:session");
  });
});

describe("tasks.json", () => {
  it("is one JSON array of the same rows, numbers as numbers", async () => {
    const response = await get(tasksJson, "/api/exports/tasks.json?to=2026-03-01");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="darkroom-tasks-to-2026-03-01.json"');
    expect(response.json).toEqual([
      {
        task_id: "task_a",
        created_at: "2026-03-01T10:00:00.000Z",
        member: "mo",
        model: "gamma-5-pro",
        settings: "aspect_ratio=16:9; image_urls=1 item",
        prompt: TRICKY,
        status: "succeeded",
        credits_reserved: 44,
        credits_used: 44,
        credits_refunded: null,
        error_code: null,
        hidden: false,
        via_token: null,
        batch_id: null,
        batch_key: null,
      },
    ]);
    expect((await get(tasksJson, "/api/exports/tasks.json?from=2027-01-01")).json).toEqual([]);
  });
});

describe("usage", () => {
  it("has a row per UTC day, member and model, from the credit rollups", async () => {
    const response = await get(usageCsv, "/api/exports/usage.csv?from=2026-03-02&to=2026-03-03");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="darkroom-usage-2026-03-02_2026-03-03.csv"');
    const rows = csvRecords(String(response.json));
    expect(rows).toEqual([
      {
        day: "2026-03-02",
        member_id: team.member.member.id,
        member: "mo",
        model: "gamma-5-pro",
        via_token_id: "",
        via_token: "",
        tasks: "6",
        credits_used: "264",
        credits_refunded: "0",
        credits_reserved_now: "0",
        credits_refund_pending: "0",
        succeeded_tasks: "6",
        failed_tasks: "0",
      },
      {
        day: "2026-03-03",
        member_id: team.admin.member.id,
        member: "Ada Admin",
        model: "alpha-2.3",
        via_token_id: "",
        via_token: "",
        tasks: "1",
        credits_used: "0",
        credits_refunded: "44",
        credits_reserved_now: "0",
        credits_refund_pending: "0",
        succeeded_tasks: "0",
        failed_tasks: "1",
      },
    ]);
  });

  it("counts hidden tasks (they spent credits) and is the same in JSON, for every role", async () => {
    for (const as of ["viewer", "member", "admin"] as const) {
      const rows = (await get(usageJson, "/api/exports/usage.json?from=2026-03-04&to=2026-03-04", as)).json as unknown as Record<
        string,
        unknown
      >[];
      expect(rows).toEqual([expect.objectContaining({ day: "2026-03-04", member: "mo", tasks: 2, credits_used: 88 })]);
    }
  });
});

describe("usage per access token", () => {
  it("splits a day, member and model by the token its tasks came through, the rest on a row of its own", async () => {
    const { db } = database();
    const { view } = await createAccessToken(team.member.member as unknown as SessionUser, {
      name: "nightly =script",
      scope: "all",
      expiresInDays: 90,
    });
    const now = "2026-05-01T09:00:00.000Z";
    await db
      .insertInto("submissions")
      .values({
        id: "sub_token_usage",
        user_id: team.member.member.id,
        model: "gamma-5-pro",
        kind: "image",
        endpoint: "images",
        params: "{}",
        body: "{}",
        idempotency_key: "darkroom-token-usage",
        state: "accepted",
        position: 1,
        next_attempt_at: now,
        lease_until: null,
        error_code: null,
        error_message: null,
        error_field: null,
        runs_id: null,
        task_id: "task_via_token_1",
        upstream_raw: null,
        token_id: view.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await task("task_via_token_1", "2026-05-01T10:00:00.000Z", { submission_id: "sub_token_usage" });
    await task("task_via_token_2", "2026-05-01T11:00:00.000Z", {
      submission_id: "sub_token_usage",
      status: "failed",
      credits_used: null,
      credits_refunded: 44,
      error_code: "generation_failed",
    });
    await task("task_dashboard", "2026-05-01T12:00:00.000Z");

    const rows = csvRecords(String((await get(usageCsv, "/api/exports/usage.csv?from=2026-05-01&to=2026-05-01")).json));
    const cell = { day: "2026-05-01", member_id: team.member.member.id, member: "mo", model: "gamma-5-pro" };
    expect(rows).toEqual([
      {
        ...cell,
        via_token_id: view.id,
        via_token: "nightly =script", // not at a cell's start: nothing to neutralise
        tasks: "2",
        credits_used: "44",
        credits_refunded: "44",
        credits_reserved_now: "0",
        credits_refund_pending: "0",
        succeeded_tasks: "1",
        failed_tasks: "1",
      },
      {
        ...cell,
        via_token_id: "",
        via_token: "",
        tasks: "1",
        credits_used: "44",
        credits_refunded: "0",
        credits_reserved_now: "0",
        credits_refund_pending: "0",
        succeeded_tasks: "1",
        failed_tasks: "0",
      },
    ]);
    const json = (await get(usageJson, "/api/exports/usage.json?from=2026-05-01&to=2026-05-01", "viewer")).json as unknown as Record<
      string,
      unknown
    >[];
    expect(json.map((row) => [row.via_token, row.tasks, row.credits_used])).toEqual([
      ["nightly =script", 2, 44],
      [null, 1, 44],
    ]);
  });
});

// Issue 25, finding 2: a line break inside a cell starts a new line for a reader that splits lines before it
// reads quotes; what follows it must not run either. Names with line breaks can no longer be saved, but
// names stored before that rule, prompts and models (an imported task's) still carry them.
const BROKEN = ["caption\n=cmd|' /C calc'!A0;", "two\r\n+1+1", "lone CR\r@SUM(A1)", "blank\n\n  -2"];
const NEUTRAL = ["caption\n'=cmd|' /C calc'!A0;", "two\r\n'+1+1", "lone CR\r'@SUM(A1)", "blank\n\n'  -2"];

/** Every place a spreadsheet may start reading: a line of the file, and each part of a cell after a `;` or a line break. */
function runnable(text: string): string[] {
  const starts = text.split(/\r\n|[\r\n]/);
  for (const row of parseCsv(text)) for (const cell of row) starts.push(...cell.split(/\r\n|[\r\n;]/));
  return starts.filter((start) => /^[ ]*[=+\-@\t]/.test(start));
}

describe("a line break inside a cell (tasks.csv, usage.csv)", () => {
  beforeAll(async () => {
    await database().db.updateTable("user").set({ name: "Dee\n=cmd|' /C calc'!A0" }).where("id", "=", team.disabled.member.id).execute();
    for (const [i, prompt] of BROKEN.entries())
      await task(`task_broken_${i}`, `2026-04-01T10:00:0${i}.000Z`, { prompt, user_id: team.disabled.member.id, model: "gamma\n=1+1" });
  });

  it("puts a ' after the break, in prompts, member names and models", async () => {
    const text = String((await get(tasksCsv, "/api/exports/tasks.csv?from=2026-04-01&to=2026-04-01")).json);
    expect(runnable(text)).toEqual([]);
    const rows = csvRecords(text);
    expect(rows.map((row) => row.prompt)).toEqual(NEUTRAL);
    expect(new Set(rows.map((row) => `${row.member} | ${row.model}`))).toEqual(new Set(["Dee\n'=cmd|' /C calc'!A0 | gamma\n'=1+1"]));
  });

  it("does so in usage.csv too", async () => {
    const text = String((await get(usageCsv, "/api/exports/usage.csv?from=2026-04-01&to=2026-04-01")).json);
    expect(runnable(text)).toEqual([]);
    expect(csvRecords(text)).toEqual([expect.objectContaining({ member: "Dee\n'=cmd|' /C calc'!A0", model: "gamma\n'=1+1", tasks: "4" })]);
  });
});
