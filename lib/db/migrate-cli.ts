// `npm run db:migrate`: applies every pending migration to DATABASE_URL and says what it did.
import "server-only";
import { migrate } from "@/lib/migrate";

const result = await migrate().catch((error: unknown) => {
  console.error(`Migrating failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`better-auth tables created or extended: ${result.auth.join(", ") || "none"}`);
console.log(`Darkroom migrations applied: ${result.darkroom.join(", ") || "none (up to date)"}`);
process.exit(0);
