// Conformance over real HTTP: models and fields (one 422 per endpoint; the field rules themselves are
// in requests/requests.test.ts), media URLs, epsilon extend by parent, prompt safety, authentication,
// task ownership and prices.
//
// Run against the emulator (emulator/conformance-access.test.ts) and Darkroom's gateway (app/api/gateway-conformance
// .test.ts); `on` says where the gateway differs on purpose.
import { describe, expect, it } from "vitest";
import { BODIES, newIdempotencyKey, type EmulatorClient, type Endpoint } from "../testing";
import type { Plan } from "../types";
import { targetReads, type Target } from "./target";

export function accessConformance(emulator: () => EmulatorClient, on: Target) {
  const { credits, reserved, errorBody } = targetReads(on);
  const invalid = (field: string) => ({ error: { code: "invalid_request", message: expect.any(String), field } });

  describe("models and fields", () => {
    it.each([
      ["videos", { model: "gamma-5-pro", prompt: "a kite" }],
      ["images", { model: "alpha-2.3", prompt: "a kite" }],
      ["videos", { model: "alpha-9", prompt: "a kite" }],
      ["images", { prompt: "a kite" }],
    ] as const)("answers 422 naming model on %s for %j", async (endpoint, body) => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const res = await emu.create(endpoint, apiKey, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid("model"));
      expect(await credits(emu, apiKey)).toBe(100_000);
    });

    it.each([
      ["videos", { ...BODIES.epsilon(), duration: 16 }, "duration"],
      ["images", { ...BODIES.gamma(), output_format: "webp" }, "output_format"],
    ] as const)("answers 422 naming the field on %s", async (endpoint, body, field) => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const res = await emu.create(endpoint, apiKey, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid(field));
    });
  });

  describe("media URLs in requests", () => {
    it("rejects media URLs that are not public HTTPS with 422", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      for (const url of [
        "http://cdn.example.com/a.png",
        "https://localhost/a.png",
        "https://10.0.0.1/a.png",
        `${emu.url}/media/00ff.png`,
      ]) {
        const res = await emu.create("images", apiKey, { ...BODIES.gamma(), image_urls: [url] });
        expect(res.status, url).toBe(422);
        expect(res.body).toEqual(invalid("image_urls.0"));
      }
      const ok = await emu.create("images", apiKey, { ...BODIES.gamma(), image_urls: ["https://cdn.example.com/a.png"] });
      expect(ok.status).toBe(202);
    });

    // On the gateway a result URL is Darkroom's signed /v1/files link (plain http here): Darkroom sends the upstream
    // its own URL of that result, so the new task is accepted upstream too (it succeeds, where a URL the upstream
    // could not fetch would fail it).
    it("accepts the emulator's own result URL as an input", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const done = await emu.succeeded("images", apiKey, BODIES.gamma());
      const url = done.data[0].url as string;
      expect(url.startsWith(`${emu.url}/${on.gateway ? "v1/files" : "media"}/`)).toBe(true);
      const gamma = await emu.create("images", apiKey, { ...BODIES.gamma(), image_urls: [url] });
      expect(gamma.status).toBe(202);
      const epsilon = await emu.create("videos", apiKey, { ...BODIES.epsilon(), mode: "image-to-video", image_urls: [url] });
      expect(epsilon.status).toBe(202);
      if (on.gateway) expect(await emu.waitFor(apiKey, gamma.body.id)).toMatchObject({ status: "succeeded" });
    });
  });

  describe("epsilon-v6 extend with parent_task_id", () => {
    const extend = (parent: string) => ({
      model: "epsilon-v6",
      mode: "extend",
      prompt: "and then it rains",
      parent_task_id: parent,
      quality: "360p",
      duration: 1,
    });

    it("accepts a succeeded epsilon-v6 task of the same account", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const parent = await emu.succeeded("videos", apiKey, BODIES.epsilon());
      const res = await emu.create("videos", apiKey, extend(parent.id));
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ model: "epsilon-v6", status: "pending" });
    });

    it("rejects another account's task, an unfinished task, another model's task and an unknown id with 422", async () => {
      const emu = emulator();
      const [me, other] = [await emu.account(), await emu.account()];
      const theirs = await emu.succeeded("videos", other.apiKey, BODIES.epsilon());
      const running = await emu.createTask("videos", me.apiKey, BODIES.epsilon("still going [[hang]]"));
      const alpha = await emu.createTask("videos", me.apiKey, BODIES.alpha("a harbour [[hang]]"));
      for (const id of [theirs.id, running.id, alpha.id, ...(on.gateway ? [] : ["task_000000000000000000000000"])]) {
        const res = await emu.create("videos", me.apiKey, extend(id));
        expect(res.status, id).toBe(422);
        expect(res.body).toEqual(invalid("parent_task_id"));
      }
      expect(await credits(emu, me.apiKey)).toBe(
        100_000 - (await reserved(emu, me.apiKey, running)) - (await reserved(emu, me.apiKey, alpha)),
      );
      if (on.gateway) {
        // An id the gateway never gave goes to the upstream as it came (it may be a task's upstream id, as Darkroom's
        // pages show them); queued first, its refusal comes when it is sent.
        const unknown = await emu.create("videos", me.apiKey, extend("task_000000000000000000000000"));
        expect(unknown.status).toBe(202);
        expect(await emu.waitFor(me.apiKey, unknown.body.id)).toMatchObject({ status: "failed" });
      }
    });
  });

  describe("prompt safety", () => {
    it("rejects an unsafe prompt with 422 prompt_blocked: no task, no charge, key not remembered", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const key = newIdempotencyKey();
      if (on.gateway) {
        // Queued, then refused when sent: the task reads failed with the upstream's code, and nothing is charged.
        const res = await emu.create("images", apiKey, BODIES.gamma("a [[blocked]] thing"), { key });
        expect(res.status).toBe(202);
        expect(await emu.waitFor(apiKey, res.body.id)).toMatchObject({ status: "failed", error: { code: "prompt_blocked" } });
        expect(await credits(emu, apiKey)).toBe(100_000);
        return;
      }
      for (const endpoint of ["images", "videos"] as const) {
        const body = endpoint === "images" ? BODIES.gamma("a [[blocked]] thing") : BODIES.epsilon("a [[blocked]] thing");
        const res = await emu.create(endpoint, apiKey, body, { key });
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ error: { code: "prompt_blocked", message: expect.any(String), field: "prompt" } });
      }
      expect(await credits(emu, apiKey)).toBe(100_000);
      // Had a task been made under this key, a different body would be a 409.
      const clean = await emu.create("images", apiKey, BODIES.gamma(), { key });
      expect(clean.status).toBe(202);
    });
  });

  describe("authentication and ownership", () => {
    it("answers 401 for a missing or invalid key, on creation and retrieval", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const task = await emu.createTask("images", apiKey, BODIES.gamma());
      const attempts = [
        emu.create("images", null, BODIES.gamma()),
        emu.create("videos", "sk-not-a-key", BODIES.epsilon()),
        emu.create("images", null, BODIES.gamma(), { headers: { authorization: `Basic ${apiKey}` } }),
        emu.create("images", null, BODIES.gamma(), { headers: { "x-api-key": apiKey } }),
        emu.getTask(null, task.id),
        emu.getTask("sk-not-a-key", task.id),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual(errorBody("unauthorized"));
      }
      expect(await credits(emu, apiKey)).toBe(100_000 - 44);
    });

    it("answers 403 to a disabled account on creation and retrieval, and serves it again once enabled", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const task = await emu.createTask("images", apiKey, BODIES.gamma());
      await emu.patchAccount(apiKey, { disabled: true });
      const create = await emu.create("images", apiKey, BODIES.gamma());
      const get = await emu.getTask(apiKey, task.id);
      if (on.gateway) {
        // Disabling a member revokes their tokens for good: 401, and still 401 once the member is enabled again.
        expect([create.status, get.status]).toEqual([401, 401]);
        await emu.patchAccount(apiKey, { disabled: false });
        expect((await emu.getTask(apiKey, task.id)).status).toBe(401);
        return;
      }
      expect([create.status, get.status]).toEqual([403, 403]);
      expect(create.body).toEqual(errorBody("account_disabled"));
      expect(await credits(emu, apiKey)).toBe(100_000 - 44);
      await emu.patchAccount(apiKey, { disabled: false });
      expect((await emu.getTask(apiKey, task.id)).status).toBe(200);
    });

    it("answers 404 for another account's task and for an unknown id", async () => {
      const emu = emulator();
      const [a, b] = [await emu.account(), await emu.account()];
      const task = await emu.createTask("images", a.apiKey, BODIES.gamma());
      for (const res of [await emu.getTask(b.apiKey, task.id), await emu.getTask(a.apiKey, "task_ffffffffffffffffffffffff")]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(errorBody("not_found"));
      }
      expect((await emu.getTask(a.apiKey, task.id)).status).toBe(200);
    });
  });

  describe("prices (credits_reserved, deducted at acceptance)", () => {
    const cases: [string, Plan, Endpoint, Record<string, unknown>, number][] = [
      ["gamma free", "free", "images", BODIES.gamma(), 44],
      ["gamma paid", "paid", "images", BODIES.gamma(), 35],
      ["gamma lifetime", "lifetime", "images", { ...BODIES.gamma(), quality: "high" }, 28],
      ["delta high 2K n=2", "paid", "images", { ...BODIES.delta(), quality: "high", resolution: "2K", n: 2 }, 64],
      ["delta medium 4K free", "free", "images", { ...BODIES.delta(), resolution: "4K" }, 40],
      ["alpha 1080p 6 s", "paid", "videos", { ...BODIES.alpha(), resolution: "1080p" }, 48],
      ["alpha default free", "free", "videos", BODIES.alpha(), 38],
      [
        "alpha-fast 10 s",
        "paid",
        "videos",
        { ...BODIES.alpha(), model: "alpha-2.3-fast", image_url: "https://cdn.example.com/a.png", duration: 10 },
        30,
      ],
      ["beta defaults (720p, 5 s, audio)", "paid", "videos", { model: "beta-2.0", mode: "text-to-video", prompt: "a kite" }, 40],
      [
        "beta 480p silent lifetime",
        "lifetime",
        "videos",
        { model: "beta-2.0", mode: "text-to-video", prompt: "a kite", resolution: "480p", duration: 4, generate_audio: false },
        10,
      ],
      ["epsilon defaults", "paid", "videos", { model: "epsilon-v6", mode: "text-to-video", prompt: "a kite" }, 30],
      [
        "epsilon reference with audio free",
        "free",
        "videos",
        {
          model: "epsilon-v6",
          mode: "reference-to-video",
          prompt: "a kite",
          generate_audio: true,
          image_references: [{ image_url: "https://cdn.example.com/a.png", type: "subject" }],
        },
        75,
      ],
    ];

    // On the gateway, the plan is the team's account's (free here): every token spends from it. Darkroom's
    // delta-image-2 schema has no `resolution` (the spec shows none; the emulator reads one): the gateway refuses it.
    const onGateway = cases.filter(([, plan, , body]) => plan === "free" && !(body.model === "delta-image-2" && "resolution" in body));
    it.each(on.gateway ? onGateway : cases)("%s costs the documented credits", async (_name, plan, endpoint, body, price) => {
      const emu = emulator();
      const { apiKey, credits: start } = await emu.account({ plan, credits: 1000 });
      // [[hang]] keeps the renderer idle: only the price matters here.
      const res = await emu.create(endpoint, apiKey, { ...body, prompt: `${String(body.prompt)} [[hang]]` });
      expect(res.status).toBe(202);
      expect(await reserved(emu, apiKey, res.body)).toBe(price);
      expect(await credits(emu, apiKey)).toBe(start - price);
    });
  });
}
