// Issue 30, part 3: share links. A member shares a task they can see; anyone holding the link opens its media
// (and the prompt when chosen) with no account, and nothing else; expired and revoked links are refused on the
// next request; guessing finds nothing and is throttled per address; creation, revocation and the first view
// are in the audit log, and views are counted on the link.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as mediaRoute } from "@/app/(public)/s/[id]/media/[taskId]/[index]/route";
import { GET as thumbnailRoute } from "@/app/(public)/s/[id]/media/[taskId]/[index]/thumbnail/route";
import { DELETE as hideRoute } from "@/app/api/tasks/[id]/route";
import { DELETE as revokeRoute } from "@/app/api/share-links/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/share-links/route";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { connect, type Connection } from "@/lib/db/connect";
import { insertShareLink, revokeShareLink } from "@/lib/db/share-links";
import { insertTask, updateResult, upsertResults } from "@/lib/db/tasks";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { PEER_HEADER } from "@/lib/http/client";
import { mediaStore } from "@/lib/media/store";
import { hashToken } from "@/lib/auth/token-hash";
import { openSharedPage } from "@/lib/shares/open";
import { SHARE_VIEW_LIMIT } from "@/lib/shares/rate-limit";
import { addSignedIn, call, expectError, expectNoInternals, seedTeam, type Signed, type Team } from "@/lib/testing/app";

let team: Team;
let other: Signed;
let serial = 0;
const VIDEO = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
const UPSTREAM_URL = "https://upstream.example/results/secret-result";

/** A fresh client address per use: each test's requests are counted apart from the others'. */
const address = () => `203.0.113.${(serial += 1)}`;
const from = (ip: string) => new Headers({ [PEER_HEADER]: ip });

async function archivedTask(owner: Signed, kind: "image" | "video" = "image"): Promise<string> {
  const id = `task_share_${(serial += 1)}`;
  const at = new Date().toISOString();
  await insertTask(database().db, {
    id,
    user_id: owner.member.id,
    model: kind === "image" ? "gamma-5-pro" : "vega-2",
    kind,
    params: null,
    prompt: "a secret heron at dawn",
    status: "succeeded",
    // A figure that no token, id or time holds by chance.
    credits_reserved: 987_654,
    credits_used: 987_654,
    archive_state: "done",
    created_at: at,
    updated_at: at,
  });
  const picture = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#369" } })
    .png()
    .toBuffer();
  const file = kind === "image" ? `${id}/0.png` : `${id}/0.mp4`;
  await mediaStore().put(file, Readable.from([kind === "image" ? picture : VIDEO]), kind === "image" ? "image/png" : "video/mp4");
  await mediaStore().put(`${id}/0.thumb.webp`, Readable.from([await sharp(picture).webp().toBuffer()]), "image/webp");
  await upsertResults(database().db, { taskId: id, urls: [{ url: UPSTREAM_URL }] });
  await updateResult(database().db, {
    taskId: id,
    idx: 0,
    file,
    thumbnail: `${id}/0.thumb.webp`,
    content_type: kind === "image" ? "image/png" : "video/mp4",
    bytes: 100,
    width: 8,
    height: 6,
  });
  return id;
}

const share = (who: Signed, taskIds: string[], options: { expiry?: string; showPrompt?: boolean } = {}) =>
  call(createRoute, "/api/share-links", { method: "POST", cookie: who.cookie, body: { taskIds, ...options } });

async function shared(who: Signed, taskId: string, options: { expiry?: string; showPrompt?: boolean } = {}) {
  const response = await share(who, [taskId], options);
  expect(response.status).toBe(201);
  return { token: String(response.json.url).split("/s/")[1]!, id: String(response.json.link.id), url: String(response.json.url) };
}

function media(
  token: string,
  taskId: string,
  { ip = address(), thumbnail = false, query = "", range }: { ip?: string; thumbnail?: boolean; query?: string; range?: string } = {},
) {
  const path = `/s/${token}/media/${taskId}/0${thumbnail ? "/thumbnail" : ""}${query}`;
  return (thumbnail ? thumbnailRoute : mediaRoute)(
    new Request(`http://localhost:3000${path}`, { headers: { [PEER_HEADER]: ip, ...(range ? { range } : {}) } }),
    { params: Promise.resolve({ id: token, taskId, index: "0" }) },
  );
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "opened";
}

const audited = async (subjectId: string) =>
  (await listAudit(database().db, { limit: 1000 })).filter((entry) => entry.subject_id === subjectId).map((entry) => entry.action);

/** Another instance's connection to the same database. */
let elsewhere: Connection;

beforeAll(async () => {
  team = await seedTeam();
  other = await addSignedIn(team.admin.cookie, { role: "member", email: "otto@example.com", name: "Otto Other" });
  elsewhere = connect(env.DATABASE_URL);
});
afterAll(async () => {
  await elsewhere.db.destroy();
});

describe("the link's address (issue 45)", () => {
  const mutableEnv = env as { PUBLIC_BASE_URL: string | undefined; PUBLIC_BASE_URL_IMPLIED: boolean };
  const saved = { PUBLIC_BASE_URL: env.PUBLIC_BASE_URL, PUBLIC_BASE_URL_IMPLIED: env.PUBLIC_BASE_URL_IMPLIED };
  afterEach(() => Object.assign(mutableEnv, saved));

  // As `npm start` runs it: the launcher's loopback PUBLIC_BASE_URL for the embedded emulator, and Next's
  // request.url rebuilt from `--hostname 127.0.0.1`, while the browser is on localhost.
  const fromBrowser = async (who: Signed, taskId: string) =>
    createRoute(
      new Request("http://127.0.0.1:3000/api/share-links", {
        method: "POST",
        headers: { host: "localhost:3000", origin: "http://localhost:3000", "content-type": "application/json", cookie: who.cookie },
        body: JSON.stringify({ taskIds: [taskId] }),
      }),
      { params: Promise.resolve({}) },
    );

  it("is the origin the browser used, marked as opening on this machine only, when PUBLIC_BASE_URL is the launcher's", async () => {
    Object.assign(mutableEnv, { PUBLIC_BASE_URL: "http://127.0.0.1:3000", PUBLIC_BASE_URL_IMPLIED: true });
    const response = await fromBrowser(team.member, await archivedTask(team.member));
    expect(response.status).toBe(201);
    const made = await response.json();
    expect(made.url).toMatch(/^http:\/\/localhost:3000\/s\/[\w-]{24}$/);
    expect(made.localOnly).toBe(true);
  });

  it("is PUBLIC_BASE_URL when the admin set it", async () => {
    Object.assign(mutableEnv, { PUBLIC_BASE_URL: "https://darkroom.example.com", PUBLIC_BASE_URL_IMPLIED: false });
    const made = await (await fromBrowser(team.member, await archivedTask(team.member))).json();
    expect(made.url).toMatch(/^https:\/\/darkroom\.example\.com\/s\/[\w-]{24}$/);
    expect(made.localOnly).toBe(false);
  });
});

describe("making a share link", () => {
  it("lets a member share a task they see: a /s/ link of 144 random bits, stored only as its hash, in the audit log", async () => {
    const taskId = await archivedTask(team.member);
    const response = await share(team.member, [taskId], { expiry: "1d" });
    expect(response.status).toBe(201);
    expect(response.json.url).toMatch(/^http:\/\/localhost:3000\/s\/[\w-]{24}$/);
    const token = String(response.json.url).split("/s/")[1]!;
    expect(response.json.link).toMatchObject({ taskIds: [taskId], showPrompt: false, views: 0 });
    expect(Date.parse(response.json.link.expiresAt) - Date.parse(response.json.link.createdAt)).toBe(86_400_000);
    const row = await database().db.selectFrom("share_links").selectAll().where("id", "=", response.json.link.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await audited(response.json.link.id)).toEqual(["share_link.create"]);
  });

  it("refuses viewers (403), and tasks the member cannot see or that have nothing archived", async () => {
    const taskId = await archivedTask(team.member);
    expectError(await share(team.viewer, [taskId]), 403, "forbidden:role");
    // Someone else's task, hidden for the team by its owner: not in the member's gallery.
    const hidden = await archivedTask(other);
    expect(
      (await call(hideRoute, `/api/tasks/${hidden}?scope=team`, { method: "DELETE", cookie: other.cookie, params: { id: hidden } })).status,
    ).toBe(204);
    expectError(await share(team.member, [hidden]), 404, "not_found:task");
    // One the member hid for themselves, and one that does not exist.
    const mine = await archivedTask(other);
    await call(hideRoute, `/api/tasks/${mine}`, { method: "DELETE", cookie: team.member.cookie, params: { id: mine } });
    expectError(await share(team.member, [mine]), 404, "not_found:task");
    expectError(await share(team.member, ["task_nowhere"]), 404, "not_found:task");
    const pending = `task_share_pending_${(serial += 1)}`;
    await insertTask(database().db, {
      id: pending,
      user_id: team.member.member.id,
      model: "gamma-5-pro",
      kind: "image",
      prompt: "p",
      status: "processing",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    expectError(await share(team.member, [pending]), 409, "conflict:share_not_archived");
    // Bad input is a 422 that says what to send.
    const bad = await share(team.member, [taskId], { expiry: "forever" });
    expectError(bad, 422, "invalid:body");
    expect(bad.json.error.fields.expiry).toMatch(/"1h"/);
  });
});

describe("opening a share link with no account", () => {
  it("shows the media, and the prompt only when chosen: never credits, members or upstream URLs", async () => {
    const taskId = await archivedTask(team.member);
    const quiet = await shared(team.member, taskId);
    const page = await openSharedPage(quiet.token, from(address()));
    // Named after the task: its model's name, as its prompt is not shown.
    expect(page.title).toBe("Gamma 5 Pro image");
    expect(page.tasks).toEqual([
      {
        id: taskId,
        kind: "image",
        model: "Gamma 5 Pro",
        prompt: null,
        createdAt: expect.any(String),
        results: [expect.objectContaining({ index: 0, fileUrl: `/s/${quiet.token}/media/${taskId}/0`, contentType: "image/png" })],
      },
    ]);
    // Without the link's own random token, which may hold any two letters (it held "mo", a member's name, once).
    const text = JSON.stringify(page).replaceAll(quiet.token, "");
    for (const secret of ["heron", "987654", "credits", team.member.member.email, team.member.member.id, "upstream.example"])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(new RegExp(`\\b${team.member.member.name}\\b`));
    expectNoInternals(page);

    const told = await shared(team.member, taskId, { showPrompt: true });
    const toldPage = await openSharedPage(told.token, from(address()));
    expect(toldPage.tasks[0]!.prompt).toBe("a secret heron at dawn");
    expect(toldPage.title).toBe("a secret heron at dawn");

    const file = await media(quiet.token, taskId, { query: "?download=1" });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    // An attachment named without the prompt the link does not show.
    expect(file.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="gamma-5-pro_\\d{4}-\\d{2}-\\d{2}_untitled_${taskId}\\.png"$`),
    );
    const told1 = await media(told.token, taskId, { query: "?download=1" });
    expect(told1.headers.get("content-disposition")).toMatch(/_a-secret-heron-at-dawn_/);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(8);
    const thumb = await media(quiet.token, taskId, { thumbnail: true });
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    // Another task, through this link: refused as an unknown link.
    const elsewhere = await archivedTask(team.member);
    expect((await media(quiet.token, elsewhere)).status).toBe(404);
  });

  it("serves a shared video with byte ranges", async () => {
    const taskId = await archivedTask(team.member, "video");
    const { token } = await shared(team.member, taskId);
    const part = await media(token, taskId, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${VIDEO.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(VIDEO.subarray(100, 200));
    const whole = await media(token, taskId);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(VIDEO);
  });

  it("counts views on the link, records only the first one in the audit log, and lists links to their makers (admins: all)", async () => {
    const taskId = await archivedTask(team.member);
    const { token, id } = await shared(team.member, taskId);
    for (let i = 0; i < 3; i += 1) await openSharedPage(token, from(address()));
    expect(await audited(id)).toEqual(["share_link.first_view", "share_link.create"]);
    const mine = await call(listRoute, "/api/share-links", { cookie: team.member.cookie });
    expect(mine.json.links.find((link: { id: string }) => link.id === id)).toMatchObject({ views: 3, taskIds: [taskId] });
    const theirs = await call(listRoute, "/api/share-links", { cookie: other.cookie });
    expect(theirs.json.links.map((link: { id: string }) => link.id)).not.toContain(id);
    const admins = await call(listRoute, "/api/share-links", { cookie: team.admin.cookie });
    expect(admins.json.links.find((link: { id: string }) => link.id === id)).toMatchObject({ owner: { id: team.member.member.id } });
    expectError(await call(listRoute, "/api/share-links", { cookie: team.viewer.cookie }), 403, "forbidden:role");
  });
});

describe("refusing a link", () => {
  it("refuses a revoked link at once, lets only its maker or an admin revoke it, and records the revocation", async () => {
    const taskId = await archivedTask(team.member);
    const { token, id } = await shared(team.member, taskId);
    expect((await media(token, taskId)).status).toBe(200);
    expectError(
      await call(revokeRoute, `/api/share-links/${id}`, { method: "DELETE", cookie: other.cookie, params: { id } }),
      404,
      "not_found:share_link",
    );
    expect(
      (await call(revokeRoute, `/api/share-links/${id}`, { method: "DELETE", cookie: team.member.cookie, params: { id } })).status,
    ).toBe(204);
    expect(await refusal(openSharedPage(token, from(address())))).toBe("not_found:share_link");
    const refused = await media(token, taskId);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toMatch(/expired, or was revoked/);
    expect(await audited(id)).toEqual(["share_link.revoke", "share_link.create"]);
    expect(
      (await call(listRoute, "/api/share-links", { cookie: team.member.cookie })).json.links.map((l: { id: string }) => l.id),
    ).not.toContain(id);

    const second = await shared(team.member, taskId);
    expect(
      (await call(revokeRoute, `/api/share-links/${second.id}`, { method: "DELETE", cookie: team.admin.cookie, params: { id: second.id } }))
        .status,
    ).toBe(204);
    expect((await media(second.token, taskId)).status).toBe(404);
  });

  it("refuses, at once, a link revoked through another instance's connection to the database", async () => {
    const taskId = await archivedTask(team.member);
    const { token, id } = await shared(team.member, taskId);
    const ip = address();
    expect((await media(token, taskId, { ip })).status).toBe(200);
    expect(await refusal(openSharedPage(token, from(ip)))).toBe("opened");
    expect(await revokeShareLink(elsewhere.db, { id, concerning: team.member.member.id, at: new Date().toISOString() })).toBe(true);
    expect((await media(token, taskId, { ip })).status).toBe(404);
    expect(await refusal(openSharedPage(token, from(ip)))).toBe("not_found:share_link");
  });

  it("refuses an expired link, and one whose task was hidden for the team or whose maker was disabled", async () => {
    const taskId = await archivedTask(team.member);
    const { token, id } = await shared(team.member, taskId, { expiry: "1h" });
    expect(await refusal(openSharedPage(token, from(address())))).toBe("opened");
    await database()
      .db.updateTable("share_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    expect(await refusal(openSharedPage(token, from(address())))).toBe("not_found:share_link");
    expect((await media(token, taskId)).status).toBe(404);

    const later = await shared(team.member, taskId, { expiry: "revoked" });
    expect(later.url).toBeTruthy();
    await call(hideRoute, `/api/tasks/${taskId}?scope=team`, { method: "DELETE", cookie: team.member.cookie, params: { id: taskId } });
    expect(await refusal(openSharedPage(later.token, from(address())))).toBe("not_found:share_link");
    expect((await media(later.token, taskId)).status).toBe(404);

    const visible = await archivedTask(team.member);
    const token2 = randomBytes(18).toString("base64url");
    await insertShareLink(database().db, {
      id: `link_${(serial += 1)}`,
      tokenHash: hashToken(token2),
      userId: team.disabled.member.id,
      taskIds: [visible],
      showPrompt: false,
      at: new Date().toISOString(),
      expiresAt: null,
    });
    expect(await refusal(openSharedPage(token2, from(address())))).toBe("not_found:share_link");
  });

  it("finds nothing among 10,000 random ids, and throttles the address after a few dozen", async () => {
    const taskId = await archivedTask(team.member);
    const { token } = await shared(team.member, taskId);
    const ip = address();
    const statuses: Record<number, number> = {};
    let retryAfter: string | null = null;
    for (let i = 0; i < 10_000; i += 1) {
      const response = await media(randomBytes(18).toString("base64url"), taskId, { ip });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
    }
    expect(statuses).toEqual({ 404: SHARE_VIEW_LIMIT, 429: 10_000 - SHARE_VIEW_LIMIT });
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The real link too, from that address, while it is throttled; from another address it opens.
    expect((await media(token, taskId, { ip })).status).toBe(429);
    expect(await refusal(openSharedPage(token, from(ip)))).toBe("rate_limited:share");
    expect((await media(token, taskId)).status).toBe(200);
  }, 60_000);
});
