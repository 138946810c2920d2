// Issue 30, part 2: boards. Over HTTP (the route handlers, with real sessions) on SQLite and Postgres: create,
// add, reorder, remove, rename, delete; who may do what (viewers see boards but change nothing, members their
// own, admins any; a private board is a 404 to others); a task the member cannot see is refused as downloads
// refuse it; the ZIP follows the board's order; a board's share link shows the board as it is, and stops at revocation.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as sharedZipRoute } from "@/app/(public)/s/[id]/download/route";
import { GET as sharedMediaRoute } from "@/app/(public)/s/[id]/media/[taskId]/[index]/route";
import { POST as boardDownloadRoute } from "@/app/api/boards/[id]/download/route";
import { DELETE as removeItemRoute } from "@/app/api/boards/[id]/items/[taskId]/route";
import { POST as addRoute, PUT as orderRoute } from "@/app/api/boards/[id]/items/route";
import { DELETE as deleteRoute, GET as boardRoute, PATCH as patchRoute } from "@/app/api/boards/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/boards/route";
import { GET as zipRoute } from "@/app/api/downloads/[id]/route";
import { DELETE as revokeRoute } from "@/app/api/share-links/[id]/route";
import { POST as shareRoute } from "@/app/api/share-links/route";
import { DELETE as hideRoute } from "@/app/api/tasks/[id]/route";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { insertTask, updateResult, upsertResults } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { PEER_HEADER } from "@/lib/http/client";
import { mediaStore } from "@/lib/media/store";
import { openSharedPage } from "@/lib/shares/open";
import { addSignedIn, call, expectError, expectNoInternals, ORIGIN, seedTeam, type Signed, type Team } from "@/lib/testing/app";

let team: Team;
let other: Signed;
let serial = 0;
let picture: Buffer;

/** A succeeded image task with one archived result, made by `owner`. */
async function archivedTask(owner: Signed, prompt = "a heron on a board"): Promise<string> {
  const id = `task_board_${(serial += 1)}`;
  const at = new Date(Date.UTC(2026, 10, 1, 0, 0, serial)).toISOString();
  await insertTask(database().db, {
    id,
    user_id: owner.member.id,
    model: "gamma-5-pro",
    kind: "image",
    params: null,
    prompt,
    status: "succeeded",
    credits_reserved: 987_654,
    credits_used: 987_654,
    archive_state: "done",
    created_at: at,
    updated_at: at,
  });
  await mediaStore().put(`${id}/0.png`, Readable.from([picture]), "image/png");
  await upsertResults(database().db, { taskId: id, urls: [{ url: "https://upstream.example/results/secret" }] });
  await updateResult(database().db, {
    taskId: id,
    idx: 0,
    file: `${id}/0.png`,
    thumbnail: `${id}/0.png`,
    content_type: "image/png",
    bytes: picture.length,
    width: 8,
    height: 6,
  });
  return id;
}

const create = (who: Signed, body: unknown) => call(createRoute, "/api/boards", { method: "POST", cookie: who.cookie, body });
const at = (id: string) => ({ params: { id } });
const open = (who: Signed, id: string) => call(boardRoute, `/api/boards/${id}`, { cookie: who.cookie, ...at(id) });
const add = (who: Signed, id: string, taskIds: string[]) =>
  call(addRoute, `/api/boards/${id}/items`, { method: "POST", cookie: who.cookie, body: { taskIds }, ...at(id) });
const order = (who: Signed, id: string, taskIds: string[]) =>
  call(orderRoute, `/api/boards/${id}/items`, { method: "PUT", cookie: who.cookie, body: { taskIds }, ...at(id) });
const shown = async (who: Signed, id: string) => ((await open(who, id)).json.tasks as { id: string }[]).map((task) => task.id);

async function board(who: Signed, name: string, taskIds: string[] = [], teamVisible = true): Promise<string> {
  const response = await create(who, { name, taskIds, teamVisible });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return String(response.json.board.id);
}

beforeAll(async () => {
  team = await seedTeam();
  other = await addSignedIn(team.admin.cookie, { role: "member", email: "bo@example.com", name: "Bo Other" });
  picture = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#369" } })
    .png()
    .toBuffer();
});

describe("boards", () => {
  it("are made with their first tasks, listed with who made them and when, for the whole team", async () => {
    const [a, b] = [await archivedTask(team.member), await archivedTask(other)];
    const response = await create(team.member, { name: "  Herons  ", taskIds: [a, b, a] });
    expect(response.status).toBe(201);
    expect(response.json.board).toMatchObject({
      name: "Herons",
      creator: { id: team.member.member.id, name: team.member.member.name },
      teamVisible: true,
      items: 2,
      canEdit: true,
    });
    const id = response.json.board.id;
    for (const who of [team.viewer, other, team.admin]) {
      const listed = (await call(listRoute, "/api/boards", { cookie: who.cookie })).json.boards.find(
        (row: { id: string }) => row.id === id,
      );
      expect(listed).toMatchObject({ name: "Herons", items: 2, createdAt: expect.any(String), canEdit: who === team.admin });
    }
    expect(await shown(team.viewer, id)).toEqual([a, b]);
    expectNoInternals((await open(team.viewer, id)).json);
    expect(
      (await listAudit(database().db, { limit: 1000 })).some((entry) => entry.action === "board.create" && entry.subject_id === id),
    ).toBe(true);
  });

  it("refuse a viewer's changes (403) and another member's (403); an admin changes any", async () => {
    const task = await archivedTask(team.member);
    const id = await board(team.member, "Mine", [task]);
    expectError(await create(team.viewer, { name: "Viewer's" }), 403, "forbidden:role");
    expectError(await add(team.viewer, id, [task]), 403, "forbidden:role");
    expectError(await add(other, id, [await archivedTask(other)]), 403, "forbidden:board");
    expectError(await order(other, id, [task]), 403, "forbidden:board");
    expectError(
      await call(patchRoute, `/api/boards/${id}`, { method: "PATCH", cookie: other.cookie, body: { name: "Taken" }, ...at(id) }),
      403,
      "forbidden:board",
    );
    expectError(
      await call(deleteRoute, `/api/boards/${id}`, { method: "DELETE", cookie: other.cookie, ...at(id) }),
      403,
      "forbidden:board",
    );
    const renamed = await call(patchRoute, `/api/boards/${id}`, {
      method: "PATCH",
      cookie: team.admin.cookie,
      body: { name: "Renamed" },
      ...at(id),
    });
    expect(renamed.json.board).toMatchObject({ name: "Renamed", canEdit: true });
    expect((await open(team.member, id)).json.board.name).toBe("Renamed");
  });

  it("keep a private board to its maker and admins: a 404 to anyone else", async () => {
    const id = await board(team.member, "Private", [await archivedTask(team.member)], false);
    expectError(await open(other, id), 404, "not_found:board");
    expectError(await open(team.viewer, id), 404, "not_found:board");
    expectError(await add(other, id, [await archivedTask(other)]), 404, "not_found:board");
    expect((await call(listRoute, "/api/boards", { cookie: other.cookie })).json.boards.map((row: { id: string }) => row.id)).not.toContain(
      id,
    );
    expect((await open(team.admin, id)).status).toBe(200);
  });

  it("refuse a task the member cannot see (404), and show each member only what they see", async () => {
    const id = await board(team.member, "Seen");
    const teamHidden = await archivedTask(other);
    await call(hideRoute, `/api/tasks/${teamHidden}?scope=team`, { method: "DELETE", cookie: other.cookie, ...at(teamHidden) });
    expectError(await add(team.member, id, [teamHidden]), 404, "not_found:task");
    expectError(await add(team.member, id, ["task_nowhere"]), 404, "not_found:task");
    const [a, b] = [await archivedTask(team.member), await archivedTask(team.member)];
    expect((await add(team.member, id, [a, b])).json.added).toBe(2);
    expect((await add(team.member, id, [a])).json.added).toBe(0);
    // Hidden by the member for themselves after it went on the board: gone from their page, still on the admin's.
    await call(hideRoute, `/api/tasks/${a}`, { method: "DELETE", cookie: team.member.cookie, ...at(a) });
    expect(await shown(team.member, id)).toEqual([b]);
    expect(await shown(team.admin, id)).toEqual([a, b]);
  });

  it("reorder, keeping the places of items the member does not see, and take items off", async () => {
    const [a, b, c, d] = [
      await archivedTask(team.member),
      await archivedTask(team.member),
      await archivedTask(team.member),
      await archivedTask(team.member),
    ];
    const id = await board(team.member, "Order", [a, b, c, d]);
    expect((await order(team.member, id, [d, a, c, b])).json.taskIds).toEqual([d, a, c, b]);
    expect(await shown(team.viewer, id)).toEqual([d, a, c, b]);
    // The admin hides c for themselves: their order names the three they see; c keeps its third place.
    await call(hideRoute, `/api/tasks/${c}`, { method: "DELETE", cookie: team.admin.cookie, ...at(c) });
    expect((await order(team.admin, id, [b, a, d])).json.taskIds).toEqual([b, a, c, d]);
    expectError(await order(team.member, id, [a, "task_elsewhere"]), 409, "conflict:board_order");
    expectError(await order(team.member, id, [a, a]), 422, "invalid:body");
    const removed = await call(removeItemRoute, `/api/boards/${id}/items/${a}`, {
      method: "DELETE",
      cookie: team.member.cookie,
      params: { id, taskId: a },
    });
    expect(removed.status).toBe(204);
    expect(await shown(team.member, id)).toEqual([b, c, d]);
    expect((await add(team.member, id, [a])).json.added).toBe(1);
    expect(await shown(team.member, id)).toEqual([b, c, d, a]);
  });

  it("download as the gallery's ZIP, in board order", async () => {
    const [a, b, c] = [
      await archivedTask(team.member, "first alpha"),
      await archivedTask(team.member, "second bravo"),
      await archivedTask(team.member, "third charlie"),
    ];
    // Named after the board: its own letters for browsers that read filename*, a Latin slug for the rest.
    const id = await board(team.member, "Zürich: Wave 🌊", [a, b, c]);
    await order(team.member, id, [c, a, b]);
    const asked = await call(boardDownloadRoute, `/api/boards/${id}/download`, { method: "POST", cookie: team.viewer.cookie, ...at(id) });
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    const zipId = String(asked.json.url).split("/").at(-1)!;
    const response = await zipRoute(
      new Request(`${ORIGIN}${asked.json.url}`, { headers: { origin: ORIGIN, cookie: team.viewer.cookie } }),
      {
        params: Promise.resolve({ id: zipId }),
      },
    );
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="zurich-wave.zip"; filename*=UTF-8''${encodeURIComponent("Zürich_ Wave 🌊.zip")}`,
    );
    const zip = path.join(mkdtempSync(path.join(os.tmpdir(), "boards-")), "board.zip");
    writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
    // Entries in the order written: each task's picture and sidecar, in board order, then index.csv.
    const names = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
    const prompts = names.filter((name) => name.endsWith(".png")).map((name) => /(alpha|bravo|charlie)/.exec(name)?.[1]);
    expect(prompts).toEqual(["charlie", "alpha", "bravo"]);
    const index = execFileSync("unzip", ["-p", zip, "index.csv"], { encoding: "utf8" }).trim().split("\r\n").slice(1);
    expect(index.map((line) => line.split(",")[0])).toEqual([c, a, b]);
    const empty = await board(team.member, "Empty");
    expectError(
      await call(boardDownloadRoute, `/api/boards/${empty}/download`, { method: "POST", cookie: team.member.cookie, ...at(empty) }),
      409,
      "conflict:board_empty",
    );
  });

  it("share with a link that shows the board as it is, media only, until revoked or deleted", async () => {
    const [a, b] = [await archivedTask(team.member, "a secret heron"), await archivedTask(team.member, "a secret crane")];
    const id = await board(team.member, "Herons of the delta", [a, b]);
    const share = (who: Signed, body: unknown) => call(shareRoute, "/api/share-links", { method: "POST", cookie: who.cookie, body });
    expectError(await share(team.viewer, { boardId: id }), 403, "forbidden:role");
    expectError(await share(team.member, { boardId: id, taskIds: [a] }), 422, "invalid:body");
    expectError(await share(other, { boardId: "no-such-board" }), 404, "not_found:board");
    const made = await share(other, { boardId: id, expiry: "1h" });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.link).toMatchObject({ board: { id, name: "Herons of the delta" }, taskIds: [] });
    const token = String(made.json.url).split("/s/")[1]!;
    const visitor = () => new Headers({ [PEER_HEADER]: `198.51.100.${(serial += 1) % 250}` });
    const page = await openSharedPage(token, visitor());
    expect(page.tasks.map((task) => task.id)).toEqual([a, b]);
    // The board's name is what was shared; its maker, credits, prompts (not chosen) and the upstream are not.
    expect(page).toMatchObject({ title: "Herons of the delta", board: true, downloadUrl: `/s/${token}/download` });
    // Without the link's own random token, which may hold any short name's letters.
    const text = JSON.stringify(page).replaceAll(token, "");
    for (const secret of ["987654", "secret heron", "upstream.example"]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(new RegExp(`\\b${team.member.member.name}\\b`));
    // "Download all": the media only (no sidecar or index.csv, which carry members and credits), named after the
    // board; each file named without the prompt the link does not show.
    const all = await sharedZipRoute(new Request(`${ORIGIN}/s/${token}/download`, { headers: visitor() }), {
      params: Promise.resolve({ id: token }),
    });
    expect(all.status).toBe(200);
    expect(all.headers.get("content-disposition")).toBe(
      "attachment; filename=\"herons-of-the-delta.zip\"; filename*=UTF-8''Herons%20of%20the%20delta.zip",
    );
    const zip = path.join(mkdtempSync(path.join(os.tmpdir(), "shared-")), "shared.zip");
    writeFileSync(zip, Buffer.from(await all.arrayBuffer()));
    const entries = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
    expect(entries).toEqual([a, b].map((task) => expect.stringMatching(new RegExp(`^gamma-5-pro_2026-11-01_untitled_${task}\\.png$`))));
    const one = await sharedMediaRoute(new Request(`${ORIGIN}${page.tasks[0]!.results[0]!.downloadUrl}`, { headers: visitor() }), {
      params: Promise.resolve({ id: token, taskId: a, index: "0" }),
    });
    expect(one.status).toBe(200);
    expect(one.headers.get("content-disposition")).toBe(`attachment; filename="gamma-5-pro_2026-11-01_untitled_${a}.png"`);
    // The link follows the board: a new order shows at the next open.
    await order(team.member, id, [b, a]);
    expect((await openSharedPage(token, visitor())).tasks.map((task) => task.id)).toEqual([b, a]);
    expect(
      (await call(revokeRoute, `/api/share-links/x`, { method: "DELETE", cookie: other.cookie, params: { id: made.json.link.id } })).status,
    ).toBe(204);
    await expect(openSharedPage(token, visitor())).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === "not_found:share_link",
    );
    // Deleting the board stops its other links too.
    const second = String((await share(team.member, { boardId: id })).json.url).split("/s/")[1]!;
    expect((await openSharedPage(second, visitor())).tasks).toHaveLength(2);
    expect((await call(deleteRoute, `/api/boards/${id}`, { method: "DELETE", cookie: team.member.cookie, ...at(id) })).status).toBe(204);
    await expect(openSharedPage(second, visitor())).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === "not_found:share_link",
    );
    expectError(await open(team.member, id), 404, "not_found:board");
  });
});
