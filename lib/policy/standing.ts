import "server-only";
import type { Kysely } from "kysely";
import { accessTokenState } from "@/lib/db/access-tokens";
import type { Database } from "@/lib/db/schema";
import { getMember } from "@/lib/db/users";
import { roleAtLeast, type Role } from "@/lib/members/roles";

// Whether a member, or a personal access token of theirs, may still spend the team's credits. Asked at the
// door (the gateway's token check) and again by the dispatcher, in the same transaction that claims a
// submission for sending: rights changed between the two (a token revoked or expired, its member disabled,
// or demoted) stop everything not yet on its way.

export const STANDING_CODES = ["member_disabled", "member_demoted", "token_revoked", "token_expired"] as const;
export type StandingCode = (typeof STANDING_CODES)[number];

export interface Refusal {
  code: StandingCode;
  message: string;
}

export interface SpenderFacts {
  member: { disabled: boolean; role: Role } | undefined;
  /** null: the dashboard's own submission (no token); undefined: the token's row is gone. */
  token: { revokedAt: string | null; expiresAt: string } | null | undefined;
}

const MESSAGES: Record<StandingCode, string> = {
  member_disabled: "Cancelled before it was sent: its member was disabled. Nothing was charged.",
  member_demoted: "Cancelled before it was sent: its member was made a viewer and can no longer generate. Nothing was charged.",
  token_revoked: "Cancelled before it was sent: the access token it came through was revoked. Nothing was charged.",
  token_expired: "Cancelled before it was sent: the access token it came through has expired. Nothing was charged.",
};

export const refusalOf = (code: StandingCode): Refusal => ({ code, message: MESSAGES[code] });

/** The rule itself, on facts already read: null when the spender may still spend. */
export function judgeSpender({ member, token }: SpenderFacts, now: Date): Refusal | null {
  // Members are never deleted, only disabled; a submission with no member row (one the engine's own tests make)
  // has no rights to lose.
  if (!member) return null;
  if (member.disabled) return refusalOf("member_disabled");
  if (!roleAtLeast(member.role, "member")) return refusalOf("member_demoted");
  if (token === null) return null;
  if (!token || token.revokedAt !== null) return refusalOf("token_revoked");
  if (token.expiresAt <= now.toISOString()) return refusalOf("token_expired");
  return null;
}

/** Reads the facts and judges them: what the dispatcher asks of a submission's member and token. */
export async function spenderStanding(
  db: Kysely<Database>,
  { userId, tokenId, now }: { userId: string; tokenId: string | null; now: Date },
): Promise<Refusal | null> {
  const member = await getMember(db, { id: userId });
  const token = tokenId === null ? null : await accessTokenState(db, { id: tokenId });
  return judgeSpender({ member, token }, now);
}
