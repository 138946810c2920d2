import "server-only";
import type { Kysely } from "kysely";

// Issue 46: passkeys (WebAuthn credentials) a member registered, for signing in without a password. Only the
// public key is stored; the counter guards against a cloned authenticator.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    // The credential id as the authenticator gives it (base64url).
    .addColumn("credential_id", "text", (col) => col.notNull().unique())
    .addColumn("public_key", "text", (col) => col.notNull())
    .addColumn("counter", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("transports", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("passkeys").execute();
}
