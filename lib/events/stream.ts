import "server-only";
import { getSessionIdentity, type SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { isHiddenForMember } from "@/lib/db/task-hides";
import { taskEventBounds, taskEventsAfter } from "@/lib/db/task-events";
import { log } from "@/lib/log";
import { eventDelivered, streamOpened } from "@/lib/metrics/record";
import type { LiveEvent } from "@/lib/schemas/views";
import { onAccessChange } from "./access";
import { taskEvents } from "./bus";
import { liveEventOf } from "./changes";

const HEARTBEAT_MS = 15_000;
/** How often an open stream asks again whether its session still stands (signed out elsewhere, disabled on another instance). */
export const SESSION_RECHECK_MS = 30_000;
const REPLAY_PAGE = 500;
/** Seqs already sent, remembered so an event both replayed and heard live goes out once. */
const SENT_KEPT = 2_000;

/**
 * Where a stream resumes: the browser's own reconnect sends `Last-Event-ID`; a tab taking over the stream
 * from another (see lib/query/event-hub.ts) cannot set headers and says `?after=` instead.
 */
export function resumePoint(request: Request): number | undefined {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after");
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * Server-sent events of task and submission changes, for as long as the member's access stands: the stream
 * ends (after an `access` event telling the page to reload) when the member is disabled, removed or given
 * another role, or when the session ends, noticed at once in this process and within `recheckMs` anywhere.
 *
 * Each event has the log's seq as its `id:`. A stream opened with a resume point (`after`) first replays
 * exactly the events logged after it; one that cannot resume exactly (the log was pruned, or the point is
 * unknown) is sent `reset` (refetch what is shown); a fresh one is sent `hello` with the log's end.
 * A task event carries the view as this member sees it (`hiddenForMe`).
 */
export function eventStream({
  request,
  user,
  recheckMs = SESSION_RECHECK_MS,
  after = resumePoint(request),
}: {
  request: Request;
  user: SessionUser;
  recheckMs?: number;
  after?: number;
}): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup(); // the stream is closed
        }
      };
      const end = (reason: string) => {
        if (!open) return;
        send(`event: access\ndata: ${JSON.stringify({ reason })}\n\n`);
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const recheck = async () => {
        try {
          const now = await getSessionIdentity(request.headers);
          // A member the team's rule now sends to set up a second factor hears nothing more until they have.
          if (!now || now.mustEnrol) end("signed_out");
          else if (now.user.role !== user.role) end("role_changed");
        } catch (error) {
          // The database is briefly away: keep the stream, ask again next time.
          log.warn({ err: error }, "event stream: session re-check failed");
        }
      };
      const { db } = database();
      const sent = new Set<number>();
      const sendEvent = async (event: LiveEvent) => {
        if (sent.has(event.seq)) return;
        sent.add(event.seq);
        if (sent.size > SENT_KEPT) sent.delete(sent.values().next().value!);
        const data =
          event.type === "task"
            ? { ...event, view: { ...event.view, hiddenForMe: await isHiddenForMember(db, { taskId: event.id, userId: user.id }) } }
            : event;
        if (!open) return;
        send(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
        eventDelivered(event);
      };
      const start = async () => {
        const { first, last } = await taskEventBounds(db);
        if (after === undefined) return send(`id: ${last}\nevent: hello\ndata: {}\n\n`);
        // Pruned past the resume point, or a point this log never reached (another database): refetch.
        if (after > last || (first > 0 && after < first - 1)) return send(`id: ${last}\nevent: reset\ndata: {}\n\n`);
        for (let from = after; open;) {
          const rows = await taskEventsAfter(db, { after: from, limit: REPLAY_PAGE });
          for (const row of rows) await sendEvent(liveEventOf(row));
          if (rows.length < REPLAY_PAGE) break;
          from = rows.at(-1)!.seq;
        }
      };
      // Live events wait behind the replay (and each other), so the page hears them in order and once.
      let queue: Promise<unknown> = start().catch((error: unknown) => {
        log.warn({ err: error }, "event stream: replay failed");
        send(`event: reset\ndata: {}\n\n`);
      });
      const onEvent = (event: LiveEvent) => {
        queue = queue.then(() => sendEvent(event)).catch((error: unknown) => log.warn({ err: error }, "event stream: sending failed"));
      };
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const rechecks = setInterval(() => void recheck(), recheckMs);
      const stopAccess = onAccessChange(user.id, () => void recheck().then(() => end("access_changed")));
      taskEvents().on("event", onEvent);
      const closed = streamOpened();
      cleanup = () => {
        open = false;
        closed();
        clearInterval(heartbeat);
        clearInterval(rechecks);
        stopAccess();
        taskEvents().off("event", onEvent);
      };
      request.signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
      send("retry: 2000\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}
