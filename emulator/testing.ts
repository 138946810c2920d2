// Helpers for the emulator's conformance tests (emulator/conformance-*.test.ts): a real emulator
// over real HTTP, a fresh account per test, the control API, and polling that moves the virtual clock
// instead of sleeping. Test code only; the emulator itself never imports this.
import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { parseProfileText, type Profile } from "./profile";
import { probeVideo, type VideoInfo } from "./render/probe";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "./server";
import type { Plan } from "./types";

/** Short timings, so a normal task finishes within a clock step of polling. */
export const FAST_TIMINGS = { imageSeconds: 0.5, videoSeconds: 1, refundSeconds: 2 } as const;
export const DAY_SECONDS = 24 * 60 * 60;

/** Parsed JSON bodies: tests index into them freely and assert on the values. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when it is empty or not JSON. */
  body: Json;
}

export interface AccountView {
  apiKey: string;
  plan: Plan;
  credits: number;
  disabled: boolean;
}

export interface RequestOptions {
  /** A JSON value to send; a string is sent as it is. */
  body?: unknown;
  /** Extra headers; a null value removes a default one (content-type). */
  headers?: Record<string, string | null>;
}

export type Endpoint = "images" | "videos";

export const TASK_FIELDS = ["id", "status", "model", "created_at", "updated_at", "credits_reserved"] as const;
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const newIdempotencyKey = (): string => `conf-${randomBytes(8).toString("hex")}`;
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const isTerminal = (task: Json): boolean => task?.status === "succeeded" || task?.status === "failed";

/** Cheap, fast bodies for each model (the smallest outputs, so rendering stays quick). */
export const BODIES = {
  gamma: (prompt = "a quiet harbour at dawn") => ({ model: "gamma-5-pro", prompt }),
  delta: (prompt = "a quiet harbour at dawn") => ({ model: "delta-image-2", prompt }),
  epsilon: (prompt = "a quiet harbour at dawn") => ({ model: "epsilon-v6", mode: "text-to-video", prompt, quality: "360p", duration: 1 }),
  alpha: (prompt = "a quiet harbour at dawn") => ({ model: "alpha-2.3", prompt }),
  legacy: (prompt = "a quiet harbour at dawn") => ({ modelKey: "alpha-2.3", prompt }),
};

export class EmulatorClient {
  /**
   * With freshConnections, every request asks for its connection to be closed after the answer. A test that
   * restarts an emulator on the same port needs it: fetch keeps connections alive, and one the closed server
   * ended may still look reusable to the pool, so the first request after the restart fails ("fetch failed").
   */
  constructor(
    readonly running: RunningEmulator,
    private readonly freshConnections = false,
  ) {}

  private fetch(url: string, init: RequestInit = {}): Promise<Response> {
    if (!this.freshConnections) return fetch(url, init);
    return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), connection: "close" } });
  }

  get url(): string {
    return this.running.url;
  }

  async request(method: string, urlOrPath: string, options: RequestOptions = {}): Promise<Res> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers["content-type"] = "application/json";
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const body = options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    const url = urlOrPath.startsWith("http") ? urlOrPath : this.url + urlOrPath;
    const response = await this.fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: Json;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  // --- control API -------------------------------------------------------------------------

  control(method: string, path: string, body?: unknown): Promise<Res> {
    return this.request(method, `/__emulator${path}`, { body });
  }

  /** A fresh account (free, 100,000 credits unless told otherwise). */
  async account(input: Partial<AccountView> = {}): Promise<AccountView> {
    const res = await this.control("POST", "/accounts", input);
    if (res.status !== 201) throw new Error(`creating an account answered ${res.status}: ${res.text}`);
    return res.body as AccountView;
  }

  async getAccount(apiKey: string): Promise<AccountView> {
    const res = await this.control("GET", `/accounts/${encodeURIComponent(apiKey)}`);
    if (res.status !== 200) throw new Error(`reading account answered ${res.status}: ${res.text}`);
    return res.body as AccountView;
  }

  async credits(apiKey: string): Promise<number> {
    return (await this.getAccount(apiKey)).credits;
  }

  async patchAccount(apiKey: string, patch: Partial<Omit<AccountView, "apiKey">>): Promise<AccountView> {
    const res = await this.control("PATCH", `/accounts/${encodeURIComponent(apiKey)}`, patch);
    if (res.status !== 200) throw new Error(`patching account answered ${res.status}: ${res.text}`);
    return res.body as AccountView;
  }

  /** Moves the virtual clock; answers the new time in ms. */
  async advance(seconds: number): Promise<number> {
    const res = await this.control("POST", "/clock", { advanceSeconds: seconds });
    if (res.status !== 200) throw new Error(`advancing the clock answered ${res.status}: ${res.text}`);
    return Date.parse(res.body.now);
  }

  /** Moves the virtual clock to `ms` (a time in the emulator's clock); answers the new time. */
  async advanceTo(ms: number): Promise<number> {
    const seconds = (ms - (await this.now())) / 1000;
    if (seconds < 0) throw new Error(`the clock is already ${-seconds} s past the target`);
    return this.advance(seconds);
  }

  async now(): Promise<number> {
    return Date.parse((await this.control("GET", "/clock")).body.now);
  }

  /** Changes some profile switches (PUT /__emulator/profile); answers the whole profile. */
  async setProfile(patch: Partial<Profile>): Promise<Profile> {
    const res = await this.control("PUT", "/profile", patch);
    if (res.status !== 200) throw new Error(`setting the profile answered ${res.status}: ${res.text}`);
    return res.body as Profile;
  }

  async faults(rules: Record<string, unknown>[]): Promise<Res> {
    return this.control("POST", "/faults", { rules });
  }

  /** How many fault rules are not used up yet: 0 once every request they wait for has arrived. */
  async faultsLeft(): Promise<number> {
    return ((await this.control("GET", "/faults")).body as { rules: unknown[] }).rules.length;
  }

  // --- v1 -----------------------------------------------------------------------------------

  /** POST a creation; an Idempotency-Key is made up unless given (null sends none). */
  create(
    endpoint: Endpoint,
    apiKey: string | null,
    body: unknown,
    options: { key?: string | null; headers?: Record<string, string | null> } = {},
  ): Promise<Res> {
    const key = options.key === undefined ? newIdempotencyKey() : options.key;
    const headers: Record<string, string | null> = {};
    if (apiKey !== null) headers.authorization = `Bearer ${apiKey}`;
    if (key !== null) headers["idempotency-key"] = key;
    return this.request("POST", `/v1/${endpoint}/generations`, { body, headers: { ...headers, ...options.headers } });
  }

  /** A creation that must be accepted (202); answers the task. */
  async createTask(endpoint: Endpoint, apiKey: string, body: unknown): Promise<Json> {
    const res = await this.create(endpoint, apiKey, body);
    if (res.status !== 202) throw new Error(`creation answered ${res.status}: ${res.text}`);
    return res.body;
  }

  getTask(apiKey: string | null, id: string): Promise<Res> {
    return this.request("GET", `/v1/tasks/${id}`, { headers: apiKey === null ? {} : { authorization: `Bearer ${apiKey}` } });
  }

  /**
   * Polls a task until `done` holds, moving the clock `stepSeconds` before each retrieval (so every
   * retrieval refreshes the snapshot). Real time passes only while media renders.
   */
  async waitFor(
    apiKey: string,
    id: string,
    done: (task: Json) => boolean = isTerminal,
    stepSeconds = 5,
    timeoutMs = 20_000,
  ): Promise<Json> {
    const give = Date.now() + timeoutMs;
    let last: Res | undefined;
    while (Date.now() < give) {
      await this.advance(stepSeconds);
      last = await this.getTask(apiKey, id);
      if (last.status !== 200) throw new Error(`retrieval answered ${last.status}: ${last.text}`);
      if (done(last.body)) return last.body;
      await sleep(25);
    }
    throw new Error(`task ${id} did not get there in ${timeoutMs} ms; last: ${last?.text}`);
  }

  /** Creates a task and waits for it to succeed. */
  async succeeded(endpoint: Endpoint, apiKey: string, body: unknown): Promise<Json> {
    const task = await this.createTask(endpoint, apiKey, body);
    const done = await this.waitFor(apiKey, task.id);
    if (done.status !== "succeeded") throw new Error(`task ended ${JSON.stringify(done)}`);
    return done;
  }

  // --- legacy -------------------------------------------------------------------------------

  legacyCreate(
    apiKey: string | null,
    body: unknown,
    options: { key?: string | null; headers?: Record<string, string | null> } = {},
  ): Promise<Res> {
    const key = options.key === undefined ? newIdempotencyKey() : options.key;
    const headers: Record<string, string | null> = {};
    if (apiKey !== null) headers["x-api-key"] = apiKey;
    if (key !== null) headers["idempotency-key"] = key;
    return this.request("POST", "/api/video/generate", { body, headers: { ...headers, ...options.headers } });
  }

  legacyGet(apiKey: string | null, id: string, headers: Record<string, string> = {}): Promise<Res> {
    return this.request("GET", `/api/video/task/${id}`, { headers: apiKey === null ? headers : { "x-api-key": apiKey, ...headers } });
  }

  // --- media --------------------------------------------------------------------------------

  async media(url: string): Promise<{ status: number; contentType: string | null; bytes: Buffer; body: Json }> {
    const response = await this.fetch(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    let body: Json;
    try {
      body = JSON.parse(bytes.toString("utf8"));
    } catch {
      body = undefined;
    }
    return { status: response.status, contentType: response.headers.get("content-type"), bytes, body };
  }
}

/**
 * The profile a test's emulator starts with: the one given, else EMULATOR_PROFILE (so `npm run test:profiles`
 * can run the same integration tests under each reading of the spec), else the defaults.
 */
export function testProfile(given?: Partial<Profile>): Partial<Profile> {
  return given ?? parseProfileText(process.env.EMULATOR_PROFILE);
}

function start(options: EmulatorOptions): Promise<RunningEmulator> {
  return startEmulator({
    port: 0,
    // Quick renders: no answer or check depends on a picture's look or a video's frame rate, and rendering (with the
    // archive's work on what it renders) was much of the suite's CPU.
    render: "quick",
    ...options,
    profile: testProfile(options.profile),
    timings: { ...FAST_TIMINGS, ...options.timings },
  });
}

/** Starts one emulator for the test file (beforeAll) and closes it (afterAll). */
export function emulatorForFile(options: EmulatorOptions = {}): () => EmulatorClient {
  let client: EmulatorClient | undefined;
  beforeAll(async () => {
    client = new EmulatorClient(await start(options));
  });
  afterAll(async () => {
    if (client) recordConsulted(client.running);
    await client?.running.close();
  });
  return () => {
    if (!client) throw new Error("the emulator is not running (use it inside a test)");
    return client;
  };
}

/**
 * With PROFILE_READS_DIR set (`npm run test:profiles`' first pass, bench/profiles.ts), notes which profile
 * switches this test file's requests consulted, so the matrix can skip the readings that cannot change it.
 */
function recordConsulted(running: RunningEmulator): void {
  const dir = process.env.PROFILE_READS_DIR;
  if (!dir) return;
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "unknown");
  writeFileSync(path.join(dir, `${randomUUID()}.json`), JSON.stringify({ file, consulted: running.consulted() }));
}

export async function startClient(options: EmulatorOptions = {}, { freshConnections = false } = {}): Promise<EmulatorClient> {
  return new EmulatorClient(await start(options), freshConnections);
}

/** Probes an MP4 held in memory (probeVideo reads a file). */
export async function probeBytes(bytes: Buffer): Promise<VideoInfo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "darkroom-conformance-"));
  try {
    const file = path.join(dir, "video.mp4");
    await writeFile(file, bytes);
    return await probeVideo(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), "darkroom-conformance-"));
}
