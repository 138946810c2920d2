import { withUser } from "@/lib/http/handler";
import { taskEvents, type TaskEvent } from "@/lib/events/bus";

const HEARTBEAT_MS = 15_000;

// Server-sent events of task and submission changes. Pages listen here instead of polling: the upstream
// is polled once per task by the server, however many tabs are open.
export const GET = withUser({}, async ({ request }) => {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup(); // the stream is closed
        }
      };
      const onEvent = (event: TaskEvent) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      taskEvents().on("event", onEvent);
      cleanup = () => {
        clearInterval(heartbeat);
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
});
