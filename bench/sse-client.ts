// A live event-stream client for benches: one GET /api/events on its own socket, as a signed-in browser opens it,
// parsing the server-sent events as they arrive and noting when each one came (ms since the epoch).
import { request, type ClientRequest } from "node:http";

export interface ReceivedEvent {
  seq: number;
  type: string;
  at: number;
  data: { id?: string; view?: { status?: string } };
}

export interface SseClient {
  /** Resolves once the stream's first event (`hello`) has arrived; rejects when the stream did not open. */
  ready: Promise<void>;
  events: ReceivedEvent[];
  /** Whether the stream ended (or failed) before the bench closed it. */
  ended: () => boolean;
  close(): void;
}

export function openEventStream(base: string, cookie: string): SseClient {
  const events: ReceivedEvent[] = [];
  let ended = false;
  let closing = false;
  let req: ClientRequest | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    // `agent: false`: a socket of its own, as each browser's stream is.
    req = request(`${base}/api/events`, { agent: false, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /api/events answered ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const at = Date.now();
        buffer += chunk;
        // An event ends at a blank line; comments (`: ping`) and `retry:` carry no event.
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const type = field("event");
          if (!type) continue;
          events.push({ seq: Number(field("id") ?? -1), type, at, data: JSON.parse(field("data") ?? "{}") as ReceivedEvent["data"] });
          if (type === "hello") resolve();
        }
      });
      res.on("close", () => {
        ended = !closing;
        reject(new Error("the stream closed before it said hello"));
      });
    });
    req.on("error", (error) => {
      ended = !closing;
      reject(error);
    });
    req.end();
  });
  ready.catch(() => undefined);
  return {
    ready,
    events,
    ended: () => ended,
    close: () => {
      closing = true;
      req?.destroy();
    },
  };
}
