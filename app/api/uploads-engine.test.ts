// The whole way of an uploaded image, in process: upload → the form's request names the loopback link →
// the engine creates the task → the emulator (trusting the dashboard's origin, as `npm start` sets it up)
// fetches the link from a real HTTP server running the `/u/…` route, then charges once. Money and slots after.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { testImage } from "@/lib/testing/images";

// The dashboard's upload links, served over HTTP by the route handler itself.
const site = createServer((req, res) => {
  void (async () => {
    const { GET } = await import("@/app/u/[id]/[file]/route");
    const [, , id = "", file = ""] = (req.url ?? "").split("/");
    const response = await GET(new Request(`${origin}${req.url}`), { params: Promise.resolve({ id, file }) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  })();
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
process.env.PUBLIC_BASE_URL = origin;
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const { POST: upload } = await import("@/app/api/uploads/route");
const { POST: generate } = await import("@/app/api/generations/route");
const { ORIGIN, call, seedTeam } = await import("@/lib/testing/app");
const { database } = await import("@/lib/db");
const { getSubmission } = await import("@/lib/db/submissions");
const { dispatchOnce } = await import("@/lib/tasks/engine/dispatch");
const { testEngine } = await import("@/lib/testing/engine");

const emulator = emulatorForFile({ timings: FAST_TIMINGS, trustedOrigins: [origin] });
let cookie: string;
beforeAll(async () => {
  cookie = (await seedTeam()).member.cookie;
});

describe("an uploaded image as an input, through the engine", () => {
  it("reaches the emulator as a link it fetches; one charge, recorded; no slot held after", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);

    const request = new Request(`${ORIGIN}/api/uploads`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "x-file-name": "harbour.webp" },
      body: (await testImage("webp")) as BodyInit,
    });
    const uploaded = (await (await upload(request, { params: Promise.resolve({}) })).json()) as { url: string };
    expect(uploaded.url.startsWith(`${origin}/u/up_`)).toBe(true);

    const submitted = await call(generate, "/api/generations", {
      method: "POST",
      cookie,
      body: { submissionId: randomUUID(), request: { ...BODIES.gamma("the harbour, from the upload"), image_urls: [uploaded.url] } },
    });
    expect(submitted.status).toBe(202);
    const submissionId = submitted.json.submissions[0].id as string;
    expect(JSON.parse((await getSubmission(database().db, { id: submissionId }))!.body).image_urls).toEqual([uploaded.url]);

    await dispatchOnce(t.engine);
    const submission = (await getSubmission(database().db, { id: submissionId }))!;
    expect(submission.state).toBe("accepted");
    const fetches = (await emu.control("GET", "/input-fetches")).body.fetches;
    expect(fetches).toEqual([
      expect.objectContaining({ url: uploaded.url, field: "image_urls.0", status: 200, contentType: "image/webp", ok: true }),
    ]);

    const task = await t.pollUntil(submission.task_id!, (row) => row.status === "succeeded");
    expect(task.credits_reserved).toBe(44);
    expect(100_000 - (await emu.credits(apiKey))).toBe(44);
    const live = await database().db.selectFrom("tasks").select("id").where("status", "in", ["pending", "processing"]).execute();
    expect(live).toEqual([]);
  });
});
