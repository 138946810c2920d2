// Downloads: one result as an attachment (GET /api/media/{task}/{n}?download=1) and a selection as a
// streamed ZIP (POST /api/downloads), unzipped with the system's unzip and checked file by file.
import { execFileSync } from "node:child_process";
import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/downloads/[id]/route";
import { POST } from "@/app/api/downloads/route";
import { GET as mediaRoute } from "@/app/api/media/[taskId]/[index]/route";
import { database } from "@/lib/db";
import { insertTask, updateResult, upsertResults } from "@/lib/db/tasks";
import { downloadName } from "@/lib/media/serve";
import { mediaStore } from "@/lib/media/store";
import { call, expectError, ORIGIN, seedTeam, type Team } from "@/lib/testing/app";
import { parseCsv } from "@/lib/testing/csv";
import { seedTaskFixtures, type TaskFixtures } from "@/lib/testing/tasks";

let team: Team;
let fixtures: TaskFixtures;
let dir: string;
const CREATED = "2026-03-04T05:06:07.000Z";
const TRICKY = 'a "quoted", two-line\nprompt';

async function task(id: string, patch: Partial<Parameters<typeof insertTask>[1]> = {}, files: string[] = []) {
  await insertTask(database().db, {
    id,
    user_id: team.member.member.id,
    model: "gamma-5-pro",
    kind: "image",
    params: JSON.stringify({ model: "gamma-5-pro", prompt: "a red kite", seed: 7 }),
    prompt: "a red kite",
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    archive_state: "done",
    created_at: CREATED,
    completed_at: CREATED,
    updated_at: CREATED,
    ...patch,
  });
  await upsertResults(database().db, { taskId: id, urls: files.map((_, i) => ({ url: `https://upstream.example/${id}/${i}.png` })) });
  for (const [idx, file] of files.entries())
    await updateResult(database().db, { taskId: id, idx, file, thumbnail: file, content_type: "image/png", bytes: 1, width: 4, height: 4 });
}

async function png(name: string, colour: string): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 4, height: 4, channels: 3, background: colour } })
    .png()
    .toFile(file);
  // The database holds media-store keys; the copy in `dir` is what the answers are compared with.
  await mediaStore().put(`fixtures/${name}`, createReadStream(file), "image/png");
  return `fixtures/${name}`;
}

/** Both steps as the browser takes them: POST the selection, then GET the ZIP (kept as bytes: call() would read text). */
async function download(body: unknown, cookie = team.viewer.cookie) {
  const asked = await call(POST, "/api/downloads", { method: "POST", cookie, body });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  const response = await fetchZip(asked.json.url, cookie);
  const zip = path.join(dir, `${crypto.randomUUID()}.zip`);
  writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
  return {
    asked,
    response,
    zip,
    names: () => execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n").sort(),
    read: (name: string) => execFileSync("unzip", ["-p", zip, name]),
  };
}

function fetchZip(url: string, cookie?: string) {
  const id = url.split("/").at(-1)!;
  return GET(new Request(`${ORIGIN}${url}`, { headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } }), {
    params: Promise.resolve({ id }),
  });
}

beforeAll(async () => {
  team = await seedTeam();
  fixtures = await seedTaskFixtures(team);
  dir = mkdtempSync(path.join(os.tmpdir(), "darkroom-downloads-"));
  await task("task_dl_two", { prompt: TRICKY, credits_refunded: null }, [await png("a.png", "#ff0000"), await png("b.png", "#00ff00")]);
  await task("task_dl_failed", {
    params: JSON.stringify({ model: "gamma-5-pro", prompt: "=HYPERLINK(1)", aspect_ratio: "16:9", image_urls: ["/api/media/t/0"] }),
    prompt: "=HYPERLINK(1)",
    status: "failed",
    credits_used: 0,
    credits_refunded: 44,
    error_code: "content_policy",
    error_message: "blocked",
    archive_state: "none",
  });
  await task("task_dl_hidden", { hidden: 1 }, [await png("c.png", "#0000ff")]);
  await task("task_dl_gone", {}, ["fixtures/deleted-from-disk.png"]);
});

describe("single result download", () => {
  it("is the original bytes and type, named model_date_prompt-slug_task-id", async () => {
    const response = await mediaRoute(
      new Request(`${ORIGIN}/api/media/task_dl_two/1?download=1`, { headers: { cookie: team.viewer.cookie } }),
      { params: Promise.resolve({ taskId: "task_dl_two", index: "1" }) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="gamma-5-pro_2026-03-04_a-quoted-two-line-prompt_task_dl_two_2.png"',
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(readFileSync(path.join(dir, "b.png")));
  });
});

describe("POST /api/downloads, then GET the ZIP", () => {
  const ids = () => [fixtures.taskId, "task_dl_two", "task_dl_failed", "task_dl_hidden", "task_no_such", "task_dl_gone", "task_dl_two"];
  const name = (taskId: string, prompt: string, index: number, ext: string, createdAt = CREATED) =>
    downloadName({ model: "gamma-5-pro", createdAt, prompt, taskId, index, ext });

  it("streams a ZIP of the visible tasks' files, a sidecar per task and index.csv", async () => {
    const { asked, response, names, read } = await download({ taskIds: ids() });
    expect(asked.json.tasks).toBe(4);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="darkroom-\d{4}-\d{2}-\d{2}-4-tasks\.zip"$/);
    const fixtureCreated = (
      await database().db.selectFrom("tasks").select("created_at").where("id", "=", fixtures.taskId).executeTakeFirstOrThrow()
    ).created_at;
    const two = (i: number, ext: string) => name("task_dl_two", TRICKY, i, ext);
    expect(names()).toEqual(
      [
        name(fixtures.taskId, "a lighthouse", 0, "png", fixtureCreated),
        name(fixtures.taskId, "a lighthouse", 0, "json", fixtureCreated),
        two(0, "png"),
        two(1, "png"),
        two(0, "json"),
        name("task_dl_failed", "=HYPERLINK(1)", 0, "json"),
        name("task_dl_gone", "a red kite", 0, "json"),
        "index.csv",
      ].sort(),
    );
    for (const file of [two(0, "png"), two(1, "png")]) expect(read(file).subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(read(two(1, "png"))).toEqual(readFileSync(path.join(dir, "b.png")));

    expect(JSON.parse(read(two(0, "json")).toString())).toEqual({
      taskId: "task_dl_two",
      model: "gamma-5-pro",
      kind: "image",
      status: "succeeded",
      member: { id: team.member.member.id, name: team.member.member.name },
      request: { model: "gamma-5-pro", prompt: "a red kite", seed: 7 },
      credits: { reserved: 44, used: 44, refunded: null },
      error: null,
      createdAt: CREATED,
      completedAt: CREATED,
      files: [two(0, "png"), two(1, "png")],
    });
    const failed = JSON.parse(read(name("task_dl_failed", "=HYPERLINK(1)", 0, "json")).toString());
    expect(failed).toMatchObject({
      status: "failed",
      credits: { reserved: 44, used: 0, refunded: 44 },
      error: { code: "content_policy", message: "blocked" },
      files: [],
    });

    const [header, ...rows] = parseCsv(read("index.csv").toString());
    expect(header).toEqual([
      "task_id",
      "model",
      "member",
      "status",
      "credits_reserved",
      "credits_used",
      "credits_refunded",
      "created_at",
      "completed_at",
      "file",
      "note",
      "prompt",
      // One column per setting any selected request carries (the union), after the fixed ones.
      "setting_aspect_ratio",
      "setting_image_urls",
      "setting_seed",
    ]);
    const by = (id: string) => rows.filter((r) => r[0] === id);
    expect(by("task_dl_two")).toEqual(
      [0, 1].map((i) => [
        "task_dl_two",
        "gamma-5-pro",
        "mo",
        "succeeded",
        "44",
        "44",
        "",
        CREATED,
        CREATED,
        two(i, "png"),
        "",
        TRICKY,
        "",
        "",
        "7",
      ]),
    );
    // The prompt and every setting, formula-safe (a leading ' on what a spreadsheet would run).
    expect(by("task_dl_failed")).toEqual([
      [
        "task_dl_failed",
        "gamma-5-pro",
        "mo",
        "failed",
        "44",
        "0",
        "44",
        CREATED,
        CREATED,
        "",
        "no archived result",
        "'=HYPERLINK(1)",
        "16:9",
        '["/api/media/t/0"]',
        "",
      ],
    ]);
    expect(by("task_dl_hidden")).toEqual([
      ["task_dl_hidden", "", "", "missing", "", "", "", "", "", "", "unknown or hidden task: not included", "", "", "", ""],
    ]);
    expect(by("task_no_such")[0]?.[3]).toBe("missing");
    expect(by("task_dl_gone")).toEqual([
      [
        "task_dl_gone",
        "gamma-5-pro",
        "mo",
        "succeeded",
        "44",
        "44",
        "",
        CREATED,
        CREATED,
        "",
        "result 1 is missing from the archive",
        "a red kite",
        "",
        "",
        "7",
      ],
    ]);
    expect(rows).toHaveLength(7); // a row per file, per task without files, per missing id; the repeated id once
  });

  it("serves a ZIP link only to the member who asked for it, within the hour", async () => {
    const { asked } = await download({ taskIds: ["task_dl_two"] }, team.member.cookie);
    expect((await fetchZip(asked.json.url, team.member.cookie)).status).toBe(200); // a second fetch (a resumed download) works
    for (const cookie of [team.viewer.cookie, team.admin.cookie]) {
      const other = await fetchZip(asked.json.url, cookie);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe("not_found:download");
    }
    expect((await fetchZip(asked.json.url)).status).toBe(401);
    await database()
      .db.updateTable("downloads")
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .execute();
    expect((await fetchZip(asked.json.url, team.member.cookie)).status).toBe(404);
    expect((await fetchZip("/api/downloads/no-such-download", team.member.cookie)).status).toBe(404);
    // Asking again clears the expired ones.
    await download({ taskIds: ["task_dl_two"] }, team.member.cookie);
    expect(await database().db.selectFrom("downloads").select("id").where("user_id", "=", team.member.member.id).execute()).toHaveLength(1);
  });

  it("answers 404 when none of the ids is visible", async () => {
    expectError(
      await call(POST, "/api/downloads", {
        method: "POST",
        cookie: team.viewer.cookie,
        body: { taskIds: ["task_dl_hidden", "task_no_such"] },
      }),
      404,
      "not_found:task",
    );
  });

  it.each<[string, unknown]>([
    ["no ids", { taskIds: [] }],
    ["501 ids", { taskIds: Array.from({ length: 501 }, (_, i) => `task_${i}`) }],
    ["an empty id", { taskIds: [""] }],
    ["not a list", { taskIds: "task_dl_two" }],
    ["an unknown field", { taskIds: ["task_dl_two"], all: true }],
  ])("refuses %s with 422", async (_, body) => {
    expectError(await call(POST, "/api/downloads", { method: "POST", cookie: team.viewer.cookie, body }), 422, "invalid:body");
  });

  it("needs a session", async () => {
    expectError(await call(POST, "/api/downloads", { method: "POST", body: { taskIds: ["task_dl_two"] } }), 401, "unauthorized:session");
  });
});

// Issue 25, finding 2: index.csv puts a ' after a line break inside a cell too, for a reader that splits
// lines before it reads quotes. Names with line breaks can no longer be saved; names stored before can.
describe("index.csv with line breaks inside cells", () => {
  it("lets no line and no part of a cell start what a spreadsheet would run", async () => {
    await database().db.updateTable("user").set({ name: "Dee\r\n=cmd|' /C calc'!A0" }).where("id", "=", team.disabled.member.id).execute();
    await task("task_dl_broken", {
      user_id: team.disabled.member.id,
      params: JSON.stringify({ model: "gamma-5-pro", prompt: "p", style: "soft\n@SUM(A1)" }),
      prompt: "caption\n=cmd|' /C calc'!A0;",
      archive_state: "none",
    });
    const text = (await download({ taskIds: ["task_dl_broken"] })).read("index.csv").toString();
    const starts = text.split(/\r\n|[\r\n]/);
    for (const row of parseCsv(text)) for (const cell of row) starts.push(...cell.split(/\r\n|[\r\n;]/));
    expect(starts.filter((start) => /^[ ]*[=+\-@\t]/.test(start))).toEqual([]);
    const [header = [], row = []] = parseCsv(text);
    const cell = (column: string) => row[header.indexOf(column)];
    expect([cell("member"), cell("prompt"), cell("setting_style")]).toEqual([
      "Dee\r\n'=cmd|' /C calc'!A0",
      "caption\n'=cmd|' /C calc'!A0;",
      "soft\n'@SUM(A1)",
    ]);
  });
});
