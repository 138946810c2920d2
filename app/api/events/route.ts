import { eventStream } from "@/lib/events/stream";
import { withUser } from "@/lib/http/handler";

// Server-sent events of task and submission changes. Pages listen here instead of polling: the upstream
// is polled once per task by the server, however many tabs are open. The stream lasts as long as the
// member's access does (see lib/events/stream.ts).
export const GET = withUser({}, async ({ request, user }) => eventStream({ request, user }));
