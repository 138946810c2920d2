import "server-only";
import { sql, type Kysely } from "kysely";
import { ROLES, type Role } from "@/lib/members/roles";
import { type Member } from "@/lib/members/schemas";
import { dbBool, fromDbBool, isoOf } from "./booleans";
import type { Database, UserTable } from "./schema";
import { bumpSessionEpoch } from "./sessions";

// Members are better-auth's `user` rows with Darkroom's `role` and `disabled` columns.

type Db = Kysely<Database>;

const asRole = (value: string): Role => ((ROLES as readonly string[]).includes(value) ? (value as Role) : "viewer");

function toMember(row: Pick<UserTable, "id" | "name" | "email" | "role" | "disabled" | "createdAt">): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: asRole(row.role),
    disabled: fromDbBool(row.disabled),
    createdAt: isoOf(row.createdAt),
  };
}

const memberColumns = ["id", "name", "email", "role", "disabled", "createdAt"] as const;

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function listMembers(db: Db): Promise<Member[]> {
  const rows = await db.selectFrom("user").select(memberColumns).orderBy("createdAt").orderBy("id").execute();
  return rows.map(toMember);
}

export async function getMember(db: Db, { id }: { id: string }): Promise<Member | undefined> {
  const row = await db.selectFrom("user").select(memberColumns).where("id", "=", id).executeTakeFirst();
  return row && toMember(row);
}

/** False for an unknown or disabled user. */
export async function isUserActive(db: Db, { id }: { id: string }): Promise<boolean> {
  const user = await db.selectFrom("user").select("disabled").where("id", "=", id).executeTakeFirst();
  return user !== undefined && !fromDbBool(user.disabled);
}

/** better-auth's twoFactor plugin's flag: an authenticator app is set up and verified. */
export async function authenticatorAppOn(db: Db, { userId }: { userId: string }): Promise<boolean> {
  const user = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst();
  return fromDbBool(user?.twoFactorEnabled ?? false);
}

/** Turns an authenticator app off: better-auth's flag and its row (secret and recovery codes). */
export async function removeAuthenticatorApp(db: Db, { userId }: { userId: string }): Promise<boolean> {
  const had = await authenticatorAppOn(db, { userId });
  await db
    .updateTable("user")
    .set({ twoFactorEnabled: dbBool(false) })
    .where("id", "=", userId)
    .execute();
  await db.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  return had;
}

export async function countActiveAdmins(db: Db, { excluding }: { excluding?: string } = {}): Promise<number> {
  let query = db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("role", "=", "admin")
    .where("disabled", "=", dbBool(false));
  if (excluding) query = query.where("id", "<>", excluding);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function updateMember(db: Db, { id, role, disabled }: { id: string; role?: Role; disabled?: boolean }): Promise<void> {
  await db
    .updateTable("user")
    .set({
      ...(role !== undefined ? { role } : {}),
      ...(disabled !== undefined ? { disabled: dbBool(disabled) } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

/** Ends every session of a user at once: the next request with their cookie, on any instance, finds no session. */
export async function deleteSessionsOf(db: Db, { userId }: { userId: string }): Promise<number> {
  const result = await db.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  await bumpSessionEpoch(db);
  return Number(result.numDeletedRows);
}

/** Serialises member changes so the last-admin rule cannot be raced (Postgres; SQLite writes are serial already). */
export async function lockMembers(db: Db, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(727001)`.execute(db);
}
