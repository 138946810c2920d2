// The emulator's conformance suites (emulator/conformance/*.ts), pointed at Darkroom's gateway instead of the
// emulator: a GatewayClient speaks to the gateway's route handlers over real HTTP, with a personal access token
// as its key, and Darkroom's engine sends the queued work to one emulator behind it. One server, one emulator
// and one engine per file. An "account" of the suites is a member of the team with a token of their own: the
// ownership rule (404 for another account's task) is the gateway's per-member one.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll } from "vitest";
import * as membersRoute from "@/app/api/members/route";
import * as memberRoute from "@/app/api/members/[id]/route";
import * as legacyCreate from "@/app/api/video/generate/route";
import * as legacyTask from "@/app/api/video/task/[taskId]/route";
import * as files from "@/app/v1/files/[taskId]/[index]/route";
import * as images from "@/app/v1/images/generations/route";
import * as task from "@/app/v1/tasks/[id]/route";
import * as unknownPath from "@/app/v1/[[...path]]/route";
import * as videos from "@/app/v1/videos/generations/route";
import {
  EmulatorClient,
  FAST_TIMINGS,
  emulatorForFile,
  isTerminal,
  sleep,
  type AccountView,
  type Json,
  type Res,
} from "@/emulator/testing";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { tokenCommitted } from "@/lib/db/budgets";
import { createAccessToken } from "@/lib/gateway/tokens";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { call, MEMBER_PASSWORD, setupAdmin } from "./app";
import { testEngine, type TestEngine } from "./engine";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

/** The gateway's paths, as Next's router maps them to the route files. */
const ROUTES: [RegExp, RouteModule, string[]][] = [
  [/^\/v1\/images\/generations$/, images, []],
  [/^\/v1\/videos\/generations$/, videos, []],
  [/^\/v1\/tasks\/([^/]+)$/, task, ["id"]],
  [/^\/v1\/files\/([^/]+)\/([^/]+)$/, files, ["taskId", "index"]],
  [/^\/api\/video\/generate$/, legacyCreate, []],
  [/^\/api\/video\/task\/([^/]+)$/, legacyTask, ["taskId"]],
  [/^\/v1(\/.*)?$/, unknownPath, []],
];

/** What an account of the suites starts with: Darkroom's ledger counts down from it (see `credits`). */
const START_CREDITS = 100_000;

async function serve(req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", origin);
  const route = ROUTES.find(([pattern]) => pattern.test(url.pathname));
  const handler = route?.[1][req.method ?? "GET"];
  // Next answers these itself (HEAD, OPTIONS; a path outside /v1), before any route code runs: not the gateway's to decide.
  if (!route || !handler) {
    res.writeHead(route ? 405 : 404).end();
    return;
  }
  const match = route[0].exec(url.pathname)!;
  const params = Object.fromEntries(route[2].map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined;
  const response = await handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve(params) });
  const bytes = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers)).end(bytes);
}

export class GatewayClient extends EmulatorClient {
  readonly kind = "gateway" as const;
  private readonly tokens = new Map<string, { tokenId: string; member: SessionUser }>();
  private serial = 0;

  constructor(
    private readonly upstream: EmulatorClient,
    private readonly base: string,
    private readonly t: TestEngine,
    private readonly adminCookie: string,
  ) {
    super(upstream.running);
  }

  override get url(): string {
    return this.base;
  }

  /** The control API is the emulator's own: Darkroom has none. */
  override control(method: string, path: string, body?: unknown): Promise<Res> {
    return this.upstream.control(method, path, body);
  }

  /** A new member of the team and a token of theirs (all scopes); `disabled` disables the member after. */
  override async account(input: Partial<AccountView> = {}): Promise<AccountView> {
    const email = `conformance${(this.serial += 1)}@example.com`;
    const made = await call(membersRoute.POST as Handler, "/api/members", {
      method: "POST",
      cookie: this.adminCookie,
      body: { name: `Conformance ${this.serial}`, email, password: MEMBER_PASSWORD, role: "member" },
    });
    if (made.status !== 201) throw new Error(`adding a member answered ${made.status}: ${JSON.stringify(made.json)}`);
    const member = made.json.member as SessionUser;
    const { token, view } = await createAccessToken(member, { name: `conformance ${this.serial}`, scope: "all", expiresInDays: 90 });
    this.tokens.set(token, { tokenId: view.id, member });
    if (input.disabled) await this.patchAccount(token, { disabled: true });
    return { apiKey: token, plan: "free", credits: START_CREDITS, disabled: Boolean(input.disabled) };
  }

  /** What the token's tasks commit in Darkroom's ledger (used, reserved now, refund pending, waiting), from 100,000. */
  override async credits(apiKey: string): Promise<number> {
    const holder = this.tokens.get(apiKey);
    if (!holder) throw new Error("not a token of this file");
    return START_CREDITS - (await tokenCommitted(database().db, { tokenId: holder.tokenId }));
  }

  /** Disabling the member revokes their tokens (Darkroom's rule: the token then gets 401, not the upstream's 403). */
  override async patchAccount(apiKey: string, patch: Partial<Omit<AccountView, "apiKey">>): Promise<AccountView> {
    const holder = this.tokens.get(apiKey);
    if (!holder) throw new Error("not a token of this file");
    if (patch.disabled !== undefined) {
      const res = await call(memberRoute.PATCH as Handler, "/api/members/x", {
        method: "PATCH",
        cookie: this.adminCookie,
        params: { id: holder.member.id },
        body: { disabled: patch.disabled },
      });
      if (res.status !== 200) throw new Error(`patching the member answered ${res.status}`);
    }
    return { apiKey, plan: "free", credits: await this.credits(apiKey), disabled: Boolean(patch.disabled) };
  }

  /** Moves the emulator's clock and the engine's together. */
  override async advance(seconds: number): Promise<number> {
    await this.t.advance(seconds);
    return this.upstream.now();
  }

  /** Moves both clocks past the upstream's 30-minute deadline and polls: every task sent so far has ended. */
  async settle(): Promise<void> {
    const live = await database()
      .db.selectFrom("tasks")
      .select("id")
      .where("status", "in", ["pending", "processing"])
      .limit(1)
      .executeTakeFirst();
    if (!live) return;
    await this.advance(31 * 60);
    while ((await pollOnce(this.t.engine)) > 0);
  }

  /** Darkroom's queue sends what waits (within the upstream's limits). */
  async send(): Promise<void> {
    await dispatchOnce(this.t.engine);
  }

  /** One turn of Darkroom's engine: send what waits, then poll (and archive) what was sent. */
  async turn(stepSeconds = 5): Promise<void> {
    await dispatchOnce(this.t.engine);
    await this.advance(stepSeconds);
    await pollOnce(this.t.engine);
  }

  /** As the emulator's, with the engine's turn before each retrieval: the gateway sends from its queue. */
  override async waitFor(apiKey: string, id: string, done: (task: Json) => boolean = isTerminal, stepSeconds = 5, timeoutMs = 20_000) {
    const give = Date.now() + timeoutMs;
    let last: Res | undefined;
    while (Date.now() < give) {
      await this.turn(stepSeconds);
      last = await this.getTask(apiKey, id);
      if (last.status !== 200) throw new Error(`retrieval answered ${last.status}: ${last.text}`);
      if (done(last.body)) return last.body;
      await sleep(25);
    }
    throw new Error(`task ${id} did not get there in ${timeoutMs} ms; last: ${last?.text}`);
  }
}

/** The gateway's routes served over HTTP on a loopback port, as a script reaches them. */
export async function serveGateway(): Promise<{ origin: string; close: () => Promise<void> }> {
  let origin = "";
  const server = createServer((req, res) => {
    serve(req, res, origin).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Starts the gateway for the test file (beforeAll): a team's admin, an emulator, an engine and the HTTP server. */
export function gatewayForFile(): () => GatewayClient {
  const emulator = emulatorForFile({ timings: FAST_TIMINGS });
  let client: GatewayClient | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const admin = await setupAdmin();
    const upstream = emulator();
    const { apiKey } = await upstream.account();
    const t = await testEngine(upstream, apiKey);
    const served = await serveGateway();
    close = served.close;
    const origin = served.origin;
    client = new GatewayClient(upstream, origin, t, admin.cookie);
  });
  // Every token spends from the one upstream account, whose 3 video and 5 image slots the suites' [[hang]] tasks
  // would hold for the rest of the file: past the 30-minute deadline they fail and free them for the next test.
  afterEach(async () => client?.settle());
  afterAll(async () => close?.());
  return () => {
    if (!client) throw new Error("the gateway is not running (use it inside a test)");
    return client;
  };
}
