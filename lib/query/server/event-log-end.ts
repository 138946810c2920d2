import "server-only";
import { database } from "@/lib/db";
import { taskEventBounds } from "@/lib/db/task-events";

/**
 * The event log's last seq. A page reads it before the data it renders with and passes it on as a dehydrated
 * state's `eventsAfter`: the browser's event stream then starts there, so a change made between the server's
 * read and the stream's opening (a task finishing while the page loads) is replayed, not lost.
 */
export async function eventLogEnd(): Promise<number> {
  return (await taskEventBounds(database().db)).last;
}
