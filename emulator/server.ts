// The emulator's HTTP server: routing, authentication, the rate limit and injected faults.
import { createReadStream } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { control } from "./control";
import { Emulator } from "./emulator";
import { sendReply, v1Error, type Reply } from "./http";
import { createLegacy, getLegacyTask, legacyError } from "./legacy";
import { CONTENT_TYPE, type MediaExt, type RenderMode } from "./media";
import { VIDEO_URL_TTL_MS, type Timings } from "./lifecycle";
import { mergeProfile, DEFAULT_PROFILE, type Profile } from "./profile";
import { retryAfterHeader, shapeError, tooManyRequests } from "./shape";
import { Store, type Account } from "./store";
import { createV1, getV1Task } from "./v1";

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** Where state and media persist; without it, state is in memory and media in a temporary folder. */
  dataDir?: string;
  demoKey?: string;
  timings?: Partial<Timings>;
  /** The profile at start (and after a reset): switches not given keep their defaults. */
  profile?: Partial<Profile>;
  /** Origins whose input URLs are accepted over http too and fetched at creation (the dashboard's uploads). */
  trustedOrigins?: string[];
  /** "quick" for tests: flat cards and fewer video frames (see RenderMode). */
  render?: RenderMode;
}

export interface RunningEmulator {
  url: string;
  demoKey: string;
  /** The profile switches its answers have consulted so far (see Emulator.consulted). */
  consulted(): string[];
  close(): Promise<void>;
}

export const DEFAULT_TIMINGS: Timings = { imageSeconds: 5, videoSeconds: 20, refundSeconds: 10 };

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const profile = mergeProfile(DEFAULT_PROFILE, options.profile ?? {});
  if (!profile.ok) throw new Error(profile.message);
  const tempDir = options.dataDir ? undefined : mkdtempSync(path.join(os.tmpdir(), "darkroom-emulator-"));
  const store = new Store(options.dataDir);
  const mediaDir = path.join(options.dataDir ?? tempDir ?? "", "media");
  const emu = new Emulator(
    store,
    mediaDir,
    { ...DEFAULT_TIMINGS, ...options.timings },
    options.demoKey ?? "sk-emulator-demo",
    profile.profile,
    options.trustedOrigins ?? [],
    options.render,
  );
  // Refunds settle and retention ends on time even when nobody asks.
  const ticker = setInterval(() => emu.advance(), 1000);
  ticker.unref();

  const server = createServer((req, res) => {
    // Every answer says the time on the emulator's clock, as a real server's Date header says its own.
    res.setHeader("Date", new Date(emu.clock.now()).toUTCString());
    handle(emu, req, res).catch((error: unknown) => {
      if (req.destroyed) return; // the client went away mid-request: nobody to answer
      console.error(`[emulator] ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      const reply = shapeError(v1Error(500, "internal_error", "The request could not be completed."), emu.profile);
      if (!res.headersSent) sendReply(req, res, reply, createReadStream);
      else res.destroy();
    });
  });
  // Longer than a client keeps an idle connection (undici: 4 s): the client, not the server, ends it. With the
  // server ending it first, a busy client could send on a connection being closed and read ECONNRESET.
  server.keepAliveTimeout = 65_000;
  // Requests Node cannot even parse (bad framing, huge headers) still get the JSON error shape.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const body = JSON.stringify({ error: { code: "bad_request", message: "The HTTP request could not be parsed." } });
    socket.end(
      `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  emu.baseUrl = `http://${host}:${address.port}`;

  return {
    url: emu.baseUrl,
    demoKey: emu.demoKey,
    consulted: () => [...emu.consulted].sort(),
    async close() {
      clearInterval(ticker);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await emu.media.close();
      store.flush();
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** The decoded path, or "" for a URL that cannot be read (then nothing matches and the answer is 404). */
function pathOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url, "http://emulator").pathname);
  } catch {
    return "";
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

async function handle(emu: Emulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  const pathname = pathOf(req.url ?? "/");
  if (pathname.startsWith("/__emulator/")) {
    const reply = LOOPBACK.test(req.socket.remoteAddress ?? "")
      ? await control(emu, req, pathname)
      : v1Error(403, "forbidden", "The control API answers loopback clients only.");
    return sendReply(req, res, reply, createReadStream);
  }

  // Error bodies take the profile's form (errorBody).
  const send = (reply: Reply) => sendReply(req, res, shapeError(reply, emu.profile), createReadStream);
  const fault = emu.faults.take(method, pathname);
  if (fault?.kind === "status") {
    const retryAfter = fault.retryAfter === undefined ? undefined : String(fault.retryAfter);
    return send(v1Error(fault.status ?? 500, "injected_fault", "Injected fault.", { retryAfter }));
  }
  if (fault?.kind === "malformed") {
    return sendReply(req, res, { status: 200, raw: { contentType: "application/json", data: '{"id": "task_' } }, createReadStream);
  }
  if (fault?.kind === "delay") await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000));

  let reply = await route(emu, req, method, pathname);
  if (fault?.kind === "accept_then_drop") {
    req.socket.destroy();
    return;
  }
  if (fault?.kind === "accept_then_status") {
    reply = v1Error(fault.status ?? 500, "injected_fault", "Injected fault after the request was done.");
  }
  send(reply);
}

type Dialect = "v1" | "legacy";
const ROUTES: {
  method: string;
  pattern: RegExp;
  dialect: Dialect;
  run: (emu: Emulator, req: IncomingMessage, account: Account, param: string) => Reply | Promise<Reply>;
}[] = [
  {
    method: "POST",
    pattern: /^\/v1\/videos\/generations$/,
    dialect: "v1",
    run: (emu, req, account) => createV1(emu, req, account, "videos"),
  },
  {
    method: "POST",
    pattern: /^\/v1\/images\/generations$/,
    dialect: "v1",
    run: (emu, req, account) => createV1(emu, req, account, "images"),
  },
  { method: "GET", pattern: /^\/v1\/tasks\/([^/]+)$/, dialect: "v1", run: (emu, _req, account, id) => getV1Task(emu, account, id) },
  { method: "POST", pattern: /^\/api\/video\/generate$/, dialect: "legacy", run: (emu, req, account) => createLegacy(emu, req, account) },
  {
    method: "GET",
    pattern: /^\/api\/video\/task\/([^/]+)$/,
    dialect: "legacy",
    run: (emu, _req, account, id) => getLegacyTask(emu, account, id),
  },
];

async function route(emu: Emulator, req: IncomingMessage, method: string, pathname: string): Promise<Reply> {
  const media = /^\/media\/([0-9a-f]+)\.(png|jpeg|mp4)$/.exec(pathname);
  if (media && (method === "GET" || method === "HEAD")) return serveMedia(emu, media[1] ?? "", media[2] as MediaExt);
  const matches = ROUTES.filter((r) => r.pattern.test(pathname));
  const found = matches.find((r) => r.method === method);
  if (!found) {
    const error = matches[0]?.dialect === "legacy" ? legacyError : v1Error;
    return matches.length > 0
      ? error(405, "method_not_allowed", `Use ${matches.map((r) => r.method).join(" or ")} here.`)
      : v1Error(404, "not_found", "No such endpoint.");
  }
  const error = found.dialect === "legacy" ? legacyError : v1Error;
  const key = found.dialect === "legacy" ? req.headers["x-api-key"] : /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const account = typeof key === "string" ? emu.state.accounts[key] : undefined;
  if (!account)
    return error(
      401,
      "unauthorized",
      found.dialect === "legacy" ? "Missing or invalid x-api-key." : "Missing or invalid API key: send Authorization: Bearer <API_KEY>.",
    );
  const limited = emu.rate.hit(account.apiKey, emu.clock.now());
  if (!limited.ok) {
    const body = tooManyRequests(emu.profile, "rate", "More than 120 requests in 60 seconds for this API key.");
    return error(429, body.code, body.message, {
      retryAfter: retryAfterHeader(emu.profile, limited.retryAfterSeconds, emu.clock.now()),
    });
  }
  if (account.disabled) return error(403, "account_disabled", "This API account is disabled.");
  const param = found.pattern.exec(pathname)?.[1] ?? "";
  return found.run(emu, req, account, param);
}

async function serveMedia(emu: Emulator, id: string, ext: MediaExt): Promise<Reply> {
  emu.advance();
  const record = emu.state.media[id];
  const task = record && record.ext === ext ? emu.state.tasks[record.taskId] : undefined;
  if (!task || task.status !== "succeeded") return v1Error(404, "not_found", "No such media.");
  if (task.mediaDeletedAt !== undefined) return v1Error(410, "media_deleted", "This result was removed after the retention period.");
  if (task.kind === "video" && emu.clock.now() >= (task.succeededAt ?? 0) + VIDEO_URL_TTL_MS) {
    return v1Error(410, "media_expired", "This video URL has expired.");
  }
  await emu.media.ensure(task);
  const size = await emu.media.size(id, ext);
  if (size === undefined) return v1Error(500, "internal_error", "The result could not be produced; try again.");
  return {
    status: 200,
    file: { contentType: CONTENT_TYPE[ext], path: emu.media.filePath(id, ext), size },
    headers: { "Cache-Control": "private, max-age=3600" },
  };
}
