// A loopback proxy in front of the emulator that records every request it passes on: the upstream's own
// view of what all Darkroom instances together sent (the emulator keeps no request log). It can also hold
// answers for a while, so that an instance is caught mid-request when the harness kills it.
// Result URLs in its answers are rewritten to go through the proxy too, as a real API's media share its
// origin closely enough for Darkroom's SSRF guard, which trusts only the configured upstream's origin; media
// requests are passed on but not recorded (the API's limits count API requests, not media downloads).
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  method: string;
  path: string;
  /** When the request arrived (ms). */
  at: number;
  status: number | undefined;
  idempotencyKey?: string;
  /** The task id a creation answered (202 or a 200 replay). */
  taskId?: string;
}

export interface RecordingProxy {
  url: string;
  log: Recorded[];
  /** Holds every answer to a request whose path starts with `prefix` until `ms` from now. */
  holdAnswers(prefix: string, ms: number): void;
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const log: Recorded[] = [];
  let hold: { prefix: string; until: number } | undefined;
  let ownOrigin = "";
  const server = createServer((req: IncomingMessage, res) => {
    const entry: Recorded = { method: req.method ?? "GET", path: req.url ?? "/", at: Date.now(), status: undefined };
    const key = req.headers["idempotency-key"];
    if (typeof key === "string") entry.idempotencyKey = key;
    if (!entry.path.startsWith("/media/")) log.push(entry);
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        entry.status = answer.statusCode;
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          let body = Buffer.concat(chunks);
          if ((answer.headers["content-type"] ?? "").includes("json")) {
            body = Buffer.from(body.toString("utf8").split(upstream.origin).join(ownOrigin), "utf8");
            answer.headers["content-length"] = String(body.length);
          }
          if (entry.method === "POST" && (answer.statusCode === 202 || answer.statusCode === 200)) {
            try {
              const parsed = JSON.parse(body.toString("utf8")) as { id?: string; taskId?: string };
              entry.taskId = parsed.id ?? parsed.taskId;
            } catch {
              // not JSON: nothing to record
            }
          }
          const wait = hold && entry.path.startsWith(hold.prefix) ? Math.max(0, hold.until - Date.now()) : 0;
          setTimeout(() => {
            if (res.destroyed) return;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(body);
          }, wait);
        });
      },
    );
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  ownOrigin = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    holdAnswers(prefix, ms) {
      hold = { prefix, until: Date.now() + ms };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
