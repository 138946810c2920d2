import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { getInstanceValue } from "@/lib/db/instance";
import { roleAtLeast, type Role } from "@/lib/members/roles";

// Who must have a second factor (an authenticator app or a passkey) before Darkroom answers them. Asked once,
// where a session's identity is decided (lib/auth/session.ts): the route wrappers, the pages' guard and the
// auth endpoints' guard all read the answer from there.

export const SECOND_FACTOR_RULES = ["off", "admins", "everyone"] as const;
export type SecondFactorRule = (typeof SECOND_FACTOR_RULES)[number];

const KEY = "second_factor_required";

export async function secondFactorRule(db: Kysely<Database>): Promise<SecondFactorRule> {
  const value = await getInstanceValue(db, { key: KEY });
  return (SECOND_FACTOR_RULES as readonly string[]).includes(value ?? "") ? (value as SecondFactorRule) : "off";
}

export const SECOND_FACTOR_RULE_KEY = KEY;

/** The rule itself: true when this member must set up a second factor before anything else. */
export function mustEnrol({ rule, role, enrolled }: { rule: SecondFactorRule; role: Role; enrolled: boolean }): boolean {
  if (enrolled || rule === "off") return false;
  return rule === "everyone" || roleAtLeast(role, "admin");
}

export const ENROL_FIRST_MESSAGE = "Your team requires a second factor: set up an authenticator app or a passkey first.";
