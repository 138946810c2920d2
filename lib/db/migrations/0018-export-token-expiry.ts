import "server-only";
import type { Kysely } from "kysely";

// Export tokens expire (90 days, renewable by an admin), and an admin's tokens are revoked when they are
// disabled or demoted instead of only suspended while they are (issue 25): enabling or promoting them
// again used to bring an old token back. Tokens made before this get 90 days from the upgrade, and the
// suspended ones (their admin is disabled or no longer an admin) are revoked now.

const DAY_MS = 86_400_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("export_tokens").addColumn("expires_at", "text").execute();
  const now = new Date();
  await db
    .updateTable("export_tokens")
    .set({ expires_at: new Date(now.getTime() + 90 * DAY_MS).toISOString() })
    .execute();
  // better-auth's tables are made before Darkroom's migrations run (lib/migrate.ts); without them (a test of
  // Darkroom's migrations alone) there are no admins, and no tokens, to judge.
  if (!(await db.introspection.getTables()).some((table) => table.name === "user")) return;
  await db
    .updateTable("export_tokens")
    .set({ revoked_at: now.toISOString() })
    .where("revoked_at", "is", null)
    // 0 is false on both databases (see lib/db/booleans.ts).
    .where("user_id", "not in", db.selectFrom("user").select("id").where("role", "=", "admin").where("disabled", "=", 0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("export_tokens").dropColumn("expires_at").execute();
}
