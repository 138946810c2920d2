// A process that runs the server's start-up exactly as instrumentation.ts does, then says so and ends:
// the cold-start and refusal tests spawn several of these at once.
import "server-only";
import { closeDatabase } from "@/lib/db";
import { startServerOrExit } from "@/lib/server-start";

await startServerOrExit();
console.log("ready");
await closeDatabase();
process.exit(0);
