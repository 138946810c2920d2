import type { Generated } from "kysely";

// Table types. `user` and `session` belong to better-auth (its camelCase columns, created by its own
// migrations); Darkroom's tables are snake_case and created by lib/db/migrations.

/** SQLite returns booleans as 0/1 and dates as text; Postgres as boolean and Date. */
type Bool = boolean | number;
type Timestamp = Date | string;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string;
  disabled: Bool;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
}

/** One row per instance-wide fact, such as when first-run setup was done (its primary key makes setup happen once). */
export interface InstanceTable {
  key: string;
  value: string;
}

/** Who did what to whom: member and settings changes, attributed to the signed-in member. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  subject_id: string | null;
  detail: string | null;
  created_at: string;
}

/** Sign-in attempts per email address in the current window (see lib/auth/sign-in-throttle.ts). */
export interface SignInThrottleTable {
  email: string;
  window_start: string;
  attempts: number;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  instance: InstanceTable;
  audit_log: AuditLogTable;
  sign_in_throttle: SignInThrottleTable;
}

export type { Generated };
