import "server-only";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { onAccessChange } from "./access";
import { taskEvents, type TaskEvent } from "./bus";

const HEARTBEAT_MS = 15_000;
/** How often an open stream asks again whether its session still stands (signed out elsewhere, disabled on another instance). */
export const SESSION_RECHECK_MS = 30_000;

/**
 * Server-sent events of task and submission changes, for as long as the member's access stands: the stream
 * ends (after an `access` event telling the page to reload) when the member is disabled, removed or given
 * another role, or when the session ends, noticed at once in this process and within `recheckMs` anywhere.
 */
export function eventStream({
  request,
  user,
  recheckMs = SESSION_RECHECK_MS,
}: {
  request: Request;
  user: SessionUser;
  recheckMs?: number;
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
          const now = await getSessionUser(request.headers);
          if (!now) end("signed_out");
          else if (now.role !== user.role) end("role_changed");
        } catch (error) {
          // The database is briefly away: keep the stream, ask again next time.
          log.warn({ err: error }, "event stream: session re-check failed");
        }
      };
      const onEvent = (event: TaskEvent) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const rechecks = setInterval(() => void recheck(), recheckMs);
      const stopAccess = onAccessChange(user.id, () => void recheck().then(() => end("access_changed")));
      taskEvents().on("event", onEvent);
      cleanup = () => {
        open = false;
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
