import "server-only";
import type { Kysely } from "kysely";

// OpenID Connect single sign-on (issue 46). sso_providers: the providers an admin set up in Settings (those from
// SSO_PROVIDERS in the environment are not stored); the client secret is sealed (lib/auth/sso/sealed.ts).
// sso_flows: one row per sign-in under way, taken once by its callback (a replayed state finds nothing).
// sso_links: which provider subject is which member, with the provider's refresh token (sealed) that the
// periodic re-check uses to ask the provider whether they may still come in.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sso_providers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("client_id", "text", (col) => col.notNull())
    .addColumn("client_secret", "text", (col) => col.notNull())
    .addColumn("scopes", "text", (col) => col.notNull())
    // JSON: the allowed email domains (an empty list allows none), and { admin, member, viewer } group lists.
    .addColumn("allowed_domains", "text", (col) => col.notNull())
    .addColumn("default_role", "text", (col) => col.notNull())
    .addColumn("groups_claim", "text")
    .addColumn("group_roles", "text", (col) => col.notNull())
    .addColumn("groups_only", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("sso_flows")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("provider_id", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("sso_links")
    .addColumn("provider_id", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("checked_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("sso_links_pk", ["provider_id", "subject"])
    .execute();
  await db.schema.createIndex("sso_links_user").on("sso_links").column("user_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sso_links").execute();
  await db.schema.dropTable("sso_flows").execute();
  await db.schema.dropTable("sso_providers").execute();
}
