// What the harness watches besides the upstream: an SSE client on one instance (as a browser tab would
// be), the NOTIFY traffic between instances, and the database's live and sending counts over time.
import pg from "pg";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";

export interface Heard {
  type: string;
  id: string;
  /** The event's place in the log (its SSE id), which NOTIFY names too. */
  seq?: number;
  status?: string;
  archive?: string;
  receivedAt: number;
}

interface Sent {
  type: string;
  id: string;
  seq?: number;
  view?: { status: string; archive: { state: string } };
}

/** Reads `GET /api/events` like a browser tab; `heard` fills as events arrive. */
export function sseClient(url: string, cookie: string): { heard: Heard[]; close(): void } {
  const heard: Heard[] = [];
  const controller = new AbortController();
  void (async () => {
    try {
      const response = await fetch(`${url}/api/events`, { headers: { cookie }, signal: controller.signal });
      if (!response.body) return;
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (!data) continue;
          const sent = JSON.parse(data.slice(6)) as Sent;
          heard.push({
            type: sent.type,
            id: sent.id,
            seq: sent.seq,
            status: sent.view?.status,
            archive: sent.view?.archive.state,
            receivedAt: Date.now(),
          });
        }
      }
    } catch {
      // aborted at the end, or the instance went away
    }
  })();
  return { heard, close: () => controller.abort() };
}

/** A NOTIFY between instances: who published which logged event (lib/events/postgres.ts). */
export interface Notified {
  o: string;
  seq: number;
  receivedAt: number;
}

/** Listens to the instances' change channel (lib/db/events.ts) to time events from publication. */
export async function notifyListener(databaseUrl: string): Promise<{ notified: Notified[]; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  const notified: Notified[] = [];
  await client.connect();
  client.on("notification", (message) => {
    if (message.payload) notified.push({ ...(JSON.parse(message.payload) as Omit<Notified, "receivedAt">), receivedAt: Date.now() });
  });
  await client.query("LISTEN darkroom_events");
  return { notified, close: () => client.end() };
}

/** Delay from publication on one instance to the SSE event on the watched one, per matched change. */
/** From each change's NOTIFY (heard here as it was published) to the SSE client hearing the same event. */
export function eventDelays(notified: Notified[], heard: Heard[]): number[] {
  const bySeq = new Map(heard.filter((h) => h.seq !== undefined).map((h) => [h.seq, h]));
  const delays: number[] = [];
  for (const change of notified) {
    const match = bySeq.get(change.seq);
    if (match) delays.push(Math.max(0, match.receivedAt - change.receivedAt));
  }
  return delays;
}

/**
 * Samples live tasks and sending submissions per kind every 250 ms; answers the peaks. Both counts come from one
 * statement, so one snapshot: counted apart, a task that ended between the two reads and the submission sent into
 * its slot were both counted, and the peak read one over the limit that the upstream never saw.
 */
export function sampleLive(db: Kysely<Database>): { peaks: { image: number; video: number }; stop(): void } {
  const peaks = { image: 0, video: 0 };
  let stopped = false;
  void (async () => {
    while (!stopped) {
      for (const kind of ["image", "video"] as const) {
        const counts = await db
          .selectNoFrom((eb) => [
            eb
              .selectFrom("tasks")
              .select((count) => count.fn.countAll<string>().as("n"))
              .where("kind", "=", kind)
              .where("status", "in", ["pending", "processing"])
              .where("lost", "=", 0)
              .as("tasks"),
            eb
              .selectFrom("submissions")
              .select((count) => count.fn.countAll<string>().as("n"))
              .where("kind", "=", kind)
              .where("state", "=", "sending")
              .where("lease_until", ">", new Date().toISOString())
              .as("sending"),
          ])
          .executeTakeFirst();
        peaks[kind] = Math.max(peaks[kind], Number(counts?.tasks ?? 0) + Number(counts?.sending ?? 0));
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return { peaks, stop: () => (stopped = true) };
}
