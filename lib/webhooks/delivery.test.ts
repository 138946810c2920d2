// Webhook delivery against a local HTTPS receiver (node:https, a self-signed certificate made for the test).
// The SSRF guard refuses loopback by design, so the tests that need the receiver inject a transport that
// POSTs to it over real TLS; the guarded transport itself is tested refusing private addresses at send.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { deleteInstanceValue, setInstanceValue } from "@/lib/db/instance";
import { getWebhookDelivery } from "@/lib/db/webhooks";
import { migrate } from "@/lib/migrate";
import type { SessionUser } from "@/lib/auth/session";
import { setWebhookUrl } from "./config";
import { backoffMs, deliverDueWebhooks, FIRST_RETRY_MS, MAX_ATTEMPTS, type WebhookTransport } from "./deliver";
import { enqueueWebhook } from "./enqueue";

const SECRET_URL = "https://hooks.chat.example/services/T0001/B0002/s3cr3tT0kenXYZ";
const PUBLIC = async () => [{ address: "93.184.216.34", family: 4 }];
const ADMIN: SessionUser = { id: "admin-1", name: "Ada", email: "ada@example.com", role: "admin" };

let server: Server;
let port = 0;
let received: { headers: Record<string, unknown>; body: string }[] = [];
/** What the receiver answers next (status, body, headers), then 200. */
let script: { status: number; body?: string; headers?: Record<string, string> }[] = [];

/** POSTs to the local receiver over TLS whatever the URL says (the name is kept for SNI). */
const toReceiver: WebhookTransport = (url, body) =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: new URL(url).pathname,
        method: "POST",
        servername: "localhost",
        rejectUnauthorized: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });

let clock = Date.parse("2026-11-23T12:00:00.000Z");
const now = () => new Date(clock);
const deliver = (options: Partial<Parameters<typeof deliverDueWebhooks>[1]> = {}) =>
  deliverDueWebhooks(database().db, { owner: "test", transport: toReceiver, now, random: () => 0.5, ...options });
const row = async (id: string | null) => (await getWebhookDelivery(database().db, { id: id! }))!;

beforeAll(async () => {
  await migrate();
  const dir = mkdtempSync(path.join(os.tmpdir(), "webhook-tls-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${dir}/key.pem`,
      "-out",
      `${dir}/cert.pem`,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
    ],
    { stdio: "ignore" },
  );
  server = createServer({ key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) }, (req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const next = script.shift() ?? { status: 200 };
      res.writeHead(next.status, next.headers).end(next.body ?? "ok");
    });
  });
  port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  received = [];
  script = [];
  clock += 86_400_000;
  await database().db.deleteFrom("webhook_deliveries").execute(); // each test counts its own
  await setWebhookUrl(ADMIN, SECRET_URL, { resolve: PUBLIC });
});

describe("webhook delivery", () => {
  it("POSTs the documented Slack- and Discord-compatible JSON", async () => {
    const id = await enqueueWebhook(
      database().db,
      {
        kind: "budget.alert",
        text: "Mo has used 80% of the monthly budget (800 of 1,000 credits).",
        data: { member: "Mo", threshold: 80 },
      },
      { now: now() },
    );
    expect(await deliver()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(received[0]!.body)).toEqual({
      text: "Mo has used 80% of the monthly budget (800 of 1,000 credits).",
      content: "Mo has used 80% of the monthly budget (800 of 1,000 credits).",
      darkroom: { id, kind: "budget.alert", createdAt: now().toISOString(), data: { member: "Mo", threshold: 80 } },
    });
    expect(await row(id)).toMatchObject({ state: "delivered", attempts: 1, last_error: null });
    expect(await deliver()).toBe(0); // delivered once
  });

  it("cuts a long message to Discord's 2,000 characters in both fields", async () => {
    await enqueueWebhook(database().db, { kind: "test", text: "x".repeat(5000) }, { now: now() });
    await deliver();
    const body = JSON.parse(received[0]!.body);
    expect([body.text.length, body.content.length]).toEqual([2000, 2000]);
  });

  it("retries with exponential backoff and jitter, then delivers; the error shown has no secret", async () => {
    script = [
      { status: 500, body: `upstream broke posting to ${SECRET_URL}` },
      { status: 503, body: "busy" },
    ];
    const id = await enqueueWebhook(database().db, { kind: "test", text: "hello" }, { now: now() });
    const start = clock;
    await deliver();
    let stored = await row(id);
    expect(stored).toMatchObject({ state: "pending", attempts: 1 });
    expect(Date.parse(stored.next_attempt_at) - start).toBe(backoffMs(1, () => 0.5)); // 30 s ceiling: 22.5 s with this jitter
    expect(stored.last_error).toMatch(/^The webhook answered HTTP 500: upstream broke posting to \[webhook URL\]/);
    expect(stored.last_error).not.toContain("s3cr3t");

    clock += 10_000;
    expect(await deliver()).toBe(0); // not due yet
    clock = Date.parse(stored.next_attempt_at);
    await deliver();
    stored = await row(id);
    expect(stored).toMatchObject({ state: "pending", attempts: 2, last_error: "The webhook answered HTTP 503: busy" });
    expect(Date.parse(stored.next_attempt_at) - clock).toBe(backoffMs(2, () => 0.5)); // twice the wait

    clock = Date.parse(stored.next_attempt_at);
    await deliver();
    expect(await row(id)).toMatchObject({ state: "delivered", attempts: 3 });
    expect(received).toHaveLength(3);
  });

  it("spreads retries: the jitter keeps each wait between half and all of the doubling ceiling", () => {
    for (let attempts = 1; attempts <= 10; attempts += 1) {
      const ceiling = Math.min(3_600_000, FIRST_RETRY_MS * 2 ** (attempts - 1));
      expect(backoffMs(attempts, () => 0)).toBe(ceiling / 2);
      expect(backoffMs(attempts, () => 0.999999)).toBeLessThanOrEqual(ceiling);
    }
  });

  it("gives up after the last attempt and keeps the failure to show", async () => {
    script = Array.from({ length: MAX_ATTEMPTS }, () => ({ status: 502, body: "bad gateway" }));
    const id = await enqueueWebhook(database().db, { kind: "test", text: "hello" }, { now: now() });
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      clock += 2 * 3_600_000;
      expect(await deliver()).toBe(1);
    }
    clock += 2 * 3_600_000;
    expect(await deliver()).toBe(0);
    expect(await row(id)).toMatchObject({
      state: "failed",
      attempts: MAX_ATTEMPTS,
      last_error: "The webhook answered HTTP 502: bad gateway",
    });
    expect(received).toHaveLength(MAX_ATTEMPTS);
  });

  it("honours Retry-After on a 429, and fails a 404 (a deleted webhook) at once", async () => {
    script = [
      { status: 429, headers: { "retry-after": "600" } },
      { status: 404, body: "no_service" },
    ];
    const id = await enqueueWebhook(database().db, { kind: "test", text: "hello" }, { now: now() });
    await deliver();
    const stored = await row(id);
    expect(Date.parse(stored.next_attempt_at) - clock).toBe(600_000);
    clock += 600_000;
    await deliver();
    expect(await row(id)).toMatchObject({ state: "failed", attempts: 2, last_error: "The webhook answered HTTP 404: no_service" });
  });

  it("is sent by one instance only when two claim it at once", async () => {
    const id = await enqueueWebhook(database().db, { kind: "test", text: "once" }, { now: now() });
    const slow: WebhookTransport = async (url, body) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return toReceiver(url, body);
    };
    const attempted = await Promise.all([deliver({ owner: "a", transport: slow }), deliver({ owner: "b", transport: slow })]);
    expect(attempted.sort()).toEqual([0, 1]);
    expect(received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ state: "delivered", lease_owner: null });
  });

  it("stores an event with a dedupe key once, and nothing when no webhook is set", async () => {
    const event = { kind: "budget.alert", text: "80%", dedupeKey: `team:2026-11:80:${clock}` };
    expect(await enqueueWebhook(database().db, event, { now: now() })).toEqual(expect.any(String));
    expect(await enqueueWebhook(database().db, event, { now: now() })).toBeNull();
    await deleteInstanceValue(database().db, { key: "webhook_url" });
    expect(await enqueueWebhook(database().db, { kind: "test", text: "nobody listens" }, { now: now() })).toBeNull();
  });
});

describe("the SSRF rules", () => {
  it.each([
    ["http://hooks.chat.example/x", /not HTTPS/],
    ["https://127.0.0.1/x", /loopback/],
    ["https://10.0.0.8/x", /private/],
    ["https://[::1]/x", /loopback/],
    ["https://169.254.169.254/latest/meta-data", /link-local/],
    ["https://user:pw@hooks.chat.example/x", /user name or password/],
    ["https://2130706433/x", /numeric form/],
  ])("refuse %s when it is configured", async (url, why) => {
    await expect(setWebhookUrl(ADMIN, url, { resolve: PUBLIC })).rejects.toMatchObject({
      code: "invalid:webhook_url",
      message: expect.stringMatching(why),
    });
  });

  it("refuse a name that resolves to a private address", async () => {
    const resolve = async () => [{ address: "192.168.1.10", family: 4 }];
    await expect(setWebhookUrl(ADMIN, "https://intranet.chat.example/x", { resolve })).rejects.toMatchObject({
      code: "invalid:webhook_url",
    });
  });

  it.each([
    ["https://10.1.2.3/hook", "Refused: its address is not public (private)."],
    ["https://localhost/hook", "Refused: its address is not public (loopback)."],
  ])("refuse %s at send, through the guarded transport, without retrying", async (url, error) => {
    await setInstanceValue(database().db, { key: "webhook_url", value: url }); // as if the name had moved since it was set
    const id = await enqueueWebhook(database().db, { kind: "test", text: "hello" }, { now: now() });
    expect(await deliver({ transport: undefined })).toBe(1);
    expect(await row(id)).toMatchObject({ state: "failed", attempts: 1, last_error: error });
    expect(received).toEqual([]);
  });
});
