// Issue 44, finding 3: a share link lives only as long as its maker's right to see what it shares. Bob shares
// Alice's board, or her task; what the link shows follows what Bob sees now (the board made private, items he
// cannot see, tasks hidden for the team or by him, Bob disabled), on the page and on every media request. Alice
// (the board's or a task's owner) and admins list and revoke the link; an unrelated member does not see it. A
// page opened over the rate limit answers 429.
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as mediaRoute } from "@/app/(public)/s/[id]/media/[taskId]/[index]/route";
import { POST as addRoute } from "@/app/api/boards/[id]/items/route";
import { PATCH as boardPatchRoute } from "@/app/api/boards/[id]/route";
import { POST as boardRoute } from "@/app/api/boards/route";
import { PATCH as memberRoute } from "@/app/api/members/[id]/route";
import { DELETE as revokeRoute } from "@/app/api/share-links/[id]/route";
import { GET as listRoute, POST as shareRoute } from "@/app/api/share-links/route";
import { DELETE as hideRoute } from "@/app/api/tasks/[id]/route";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { insertTask, updateResult, upsertResults } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { PEER_HEADER } from "@/lib/http/client";
import { mediaStore } from "@/lib/media/store";
import { openSharedPage } from "@/lib/shares/open";
import { SHARE_VIEW_LIMIT } from "@/lib/shares/rate-limit";
import { addSignedIn, call, expectError, seedTeam, type Signed, type Team } from "@/lib/testing/app";

// The share page reads the request's headers through next/headers, which has no request here: the test hands
// it the visitor's.
const visitorHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  headers: async () => visitorHeaders.current,
}));
afterAll(() => vi.doUnmock("next/headers"));

let team: Team;
let alice: Signed;
let bob: Signed;
let carol: Signed;
let serial = 0;
let picture: Buffer;

/** A fresh client address per use: each request is counted apart from the others'. */
const address = () => `203.0.113.${(serial += 1) % 250}`;
const from = (ip = address()) => new Headers({ [PEER_HEADER]: ip });

async function archivedTask(owner: Signed): Promise<string> {
  const id = `task_access_${(serial += 1)}`;
  const at = new Date().toISOString();
  await insertTask(database().db, {
    id,
    user_id: owner.member.id,
    model: "gamma-5-pro",
    kind: "image",
    params: null,
    prompt: "a private heron",
    status: "succeeded",
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

async function board(owner: Signed, taskIds: string[]): Promise<string> {
  const made = await call(boardRoute, "/api/boards", { method: "POST", cookie: owner.cookie, body: { name: `Board ${serial}`, taskIds } });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return String(made.json.board.id);
}

const addItems = async (who: Signed, boardId: string, taskIds: string[]) =>
  expect(
    (
      await call(addRoute, `/api/boards/${boardId}/items`, {
        method: "POST",
        cookie: who.cookie,
        body: { taskIds },
        params: { id: boardId },
      })
    ).status,
  ).toBe(200);

async function share(who: Signed, body: { boardId: string } | { taskIds: string[] }) {
  const made = await call(shareRoute, "/api/share-links", { method: "POST", cookie: who.cookie, body: { ...body, showPrompt: true } });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return { token: String(made.json.url).split("/s/")[1]!, id: String(made.json.link.id) };
}

async function hide(who: Signed, taskId: string, scope: "me" | "team") {
  const response = await call(hideRoute, `/api/tasks/${taskId}?scope=${scope}`, {
    method: "DELETE",
    cookie: who.cookie,
    params: { id: taskId },
  });
  expect(response.status).toBe(204);
}

/** The ids the page shows, or the refusal's code. */
async function page(token: string): Promise<string[] | string> {
  try {
    return (await openSharedPage(token, from())).tasks.map((task) => task.id);
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const media = async (token: string, taskId: string, ip = address()) =>
  (
    await mediaRoute(new Request(`http://localhost:3000/s/${token}/media/${taskId}/0`, { headers: { [PEER_HEADER]: ip } }), {
      params: Promise.resolve({ id: token, taskId, index: "0" }),
    })
  ).status;

const listed = async (who: Signed) =>
  (await call(listRoute, "/api/share-links", { cookie: who.cookie })).json.links as { id: string; owner: { id: string; name: string } }[];

const revoke = (who: Signed, id: string) =>
  call(revokeRoute, `/api/share-links/${id}`, { method: "DELETE", cookie: who.cookie, params: { id } });

beforeAll(async () => {
  picture = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#963" } })
    .png()
    .toBuffer();
  team = await seedTeam();
  alice = await addSignedIn(team.admin.cookie, { role: "member", email: "alice@example.com", name: "Alice Owner" });
  bob = await addSignedIn(team.admin.cookie, { role: "member", email: "bob@example.com", name: "Bob Sharer" });
  carol = await addSignedIn(team.admin.cookie, { role: "member", email: "carol@example.com", name: "Carol Unrelated" });
});

describe("a board link shows what its maker sees now", () => {
  it("is refused, page and media, once the board's owner makes it private", async () => {
    const a = await archivedTask(alice);
    const id = await board(alice, [a]);
    const { token } = await share(bob, { boardId: id });
    expect(await page(token)).toEqual([a]);
    expect(await media(token, a)).toBe(200);
    const patched = await call(boardPatchRoute, `/api/boards/${id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { teamVisible: false },
      params: { id },
    });
    expect(patched.status).toBe(200);
    expect(await page(token)).toBe("not_found:share_link");
    expect(await media(token, a)).toBe(404);
    // An admin's link to the private board still opens: admins see every board.
    expect(await page((await share(team.admin, { boardId: id })).token)).toEqual([a]);
  });

  it("leaves out items added after that the maker cannot see, and items hidden for the team or by the maker", async () => {
    const [a, b, c, d] = [await archivedTask(alice), await archivedTask(alice), await archivedTask(alice), await archivedTask(alice)];
    const id = await board(alice, [a, b]);
    const { token } = await share(bob, { boardId: id });
    // Bob hid c for himself; Alice adds c and d: only d shows.
    await hide(bob, c, "me");
    await addItems(alice, id, [c, d]);
    expect(await page(token)).toEqual([a, b, d]);
    expect(await media(token, c)).toBe(404);
    // Alice hides a for the team; Bob hides b for himself: gone from the page and its media.
    await hide(alice, a, "team");
    await hide(bob, b, "me");
    expect(await page(token)).toEqual([d]);
    expect(await media(token, a)).toBe(404);
    expect(await media(token, b)).toBe(404);
    expect(await media(token, d)).toBe(200);
  });

  it("is refused once its maker is disabled, or made a viewer", async () => {
    for (const change of [{ disabled: true }, { role: "viewer" }]) {
      const maker = await addSignedIn(team.admin.cookie, { role: "member", email: `maker${(serial += 1)}@example.com` });
      const a = await archivedTask(alice);
      const { token } = await share(maker, { boardId: await board(alice, [a]) });
      expect(await media(token, a)).toBe(200);
      const patched = await call(memberRoute, "/api/members/x", {
        method: "PATCH",
        cookie: team.admin.cookie,
        params: { id: maker.member.id },
        body: change,
      });
      expect(patched.status).toBe(200);
      expect(await page(token)).toBe("not_found:share_link");
      expect(await media(token, a)).toBe(404);
    }
  });
});

describe("a task link shows the tasks its maker sees now", () => {
  it("drops a task its maker hid for themselves, and is refused once its tasks are hidden for the team", async () => {
    const [a, b] = [await archivedTask(alice), await archivedTask(alice)];
    const { token } = await share(bob, { taskIds: [a, b] });
    expect(await page(token)).toEqual([a, b]);
    await hide(bob, a, "me");
    expect(await page(token)).toEqual([b]);
    expect(await media(token, a)).toBe(404);
    await hide(alice, b, "team");
    expect(await page(token)).toBe("not_found:share_link");
    expect(await media(token, b)).toBe(404);
  });
});

describe("listing and revoking", () => {
  it("lets the board's owner list and revoke a link another member made to it", async () => {
    const a = await archivedTask(alice);
    const { token, id } = await share(bob, { boardId: await board(alice, [a]) });
    expect((await listed(alice)).find((link) => link.id === id)).toMatchObject({ owner: { id: bob.member.id, name: "Bob Sharer" } });
    expect((await revoke(alice, id)).status).toBe(204);
    expect(await page(token)).toBe("not_found:share_link");
    expect((await listed(bob)).map((link) => link.id)).not.toContain(id);
    expect(
      (await listAudit(database().db, { limit: 1000 })).filter((entry) => entry.subject_id === id).map((e) => [e.action, e.actor_id]),
    ).toEqual([
      ["share_link.revoke", alice.member.id],
      ["share_link.create", bob.member.id],
    ]);
  });

  it("lets any owner of a shared task list and revoke the link, on its own or on a shared board", async () => {
    const [mine, hers] = [await archivedTask(bob), await archivedTask(alice)];
    const tasks = await share(bob, { taskIds: [mine, hers] });
    const onBoard = await share(bob, { boardId: await board(bob, [mine, hers]) });
    const aliceSees = (await listed(alice)).map((link) => link.id);
    expect(aliceSees).toEqual(expect.arrayContaining([tasks.id, onBoard.id]));
    expect((await revoke(alice, tasks.id)).status).toBe(204);
    expect((await revoke(alice, onBoard.id)).status).toBe(204);
    expect(await page(tasks.token)).toBe("not_found:share_link");
    expect(await page(onBoard.token)).toBe("not_found:share_link");
  });

  it("lets an admin list and revoke any link, and an unrelated member neither (404)", async () => {
    const a = await archivedTask(alice);
    const first = await share(bob, { boardId: await board(alice, [a]) });
    const second = await share(bob, { taskIds: [a] });
    const carolSees = (await listed(carol)).map((link) => link.id);
    expect(carolSees).not.toContain(first.id);
    expect(carolSees).not.toContain(second.id);
    expectError(await revoke(carol, first.id), 404, "not_found:share_link");
    expectError(await revoke(carol, second.id), 404, "not_found:share_link");
    expect(await page(first.token)).toEqual([a]);
    expect((await listed(team.admin)).map((link) => link.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await revoke(team.admin, first.id)).status).toBe(204);
    expect((await revoke(team.admin, second.id)).status).toBe(204);
    expect(await page(second.token)).toBe("not_found:share_link");
  });
});

describe("a throttled share page", () => {
  it("answers 429 with Retry-After and the refusal page's look, then sends the visitor back once allowed", async () => {
    const a = await archivedTask(alice);
    const { token } = await share(alice, { taskIds: [a] });
    const { default: SharedPage } = await import("@/app/(public)/s/[id]/page");
    const { GET: throttledRoute } = await import("@/app/(public)/s/[id]/throttled/route");
    const ip = address();
    for (let i = 0; i < SHARE_VIEW_LIMIT; i += 1) await openSharedPage("not-a-token", from(ip)).catch(() => undefined);

    // The page cannot answer 429 itself: it sends the visitor to the route that does.
    visitorHeaders.current = from(ip);
    const redirected = await Promise.resolve(SharedPage({ params: Promise.resolve({ id: token }) })).then(
      () => "rendered",
      (error: { digest?: string }) => error.digest ?? String(error),
    );
    expect(redirected).toMatch(new RegExp(`^NEXT_REDIRECT;replace;/s/${token}/throttled;307;`));
    const throttled = await throttledRoute(new Request(`http://localhost:3000/s/${token}/throttled`, { headers: from(ip) }), {
      params: Promise.resolve({ id: token }),
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(throttled.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await throttled.text();
    expect(html).toContain("<h1>Too many requests</h1>");
    expect(html).toMatch(/Try again in \d+ s\./);
    expect(html).not.toContain(a);

    // Another address opens the page, and is sent from the throttled route back to the link.
    visitorHeaders.current = from();
    await expect(SharedPage({ params: Promise.resolve({ id: token }) })).resolves.toBeTruthy();
    const back = await throttledRoute(new Request(`http://localhost:3000/s/${token}/throttled`, { headers: from() }), {
      params: Promise.resolve({ id: token }),
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/s/${token}`);
  });
});
