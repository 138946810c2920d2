import "server-only";
import type { Kysely } from "kysely";
import { recordAudit } from "@/lib/db/audit";
import type { Database } from "@/lib/db/schema";
import { cancelUnsent } from "@/lib/db/submissions";
import { publishTaskEvent } from "@/lib/events/bus";
import { refusalOf, STANDING_CODES, type StandingCode } from "./standing";

/** The codes a submission is cancelled with when the rules stop it before sending (shown in the queue for a day). */
export const WITHDRAWN_CODES: readonly string[] = [...STANDING_CODES, "token_budget"];

// When a spender loses the right to spend (a token revoked, a member disabled or made a viewer), what they
// queued and was never sent is cancelled at once, with its reason, charging nothing, in the same transaction
// as the change of rights. The dispatcher asks the same rule again before each send (lib/policy/standing.ts),
// which also catches what no one announces: a token that expires.

/**
 * Cancels the unsent submissions of a member, some of their tokens, or the ones named (`ids`: the dispatcher's
 * verdict on one), inside the caller's transaction, with the reason (a standing code, or the refusal itself),
 * and writes one audit entry. Answers the ids cancelled: publish them (announceWithdrawn) once committed.
 */
export async function withdrawUnsent(
  trx: Kysely<Database>,
  {
    userId,
    tokenIds,
    ids: named,
    reason,
    actorId,
    now = new Date(),
  }: {
    userId?: string;
    tokenIds?: string[];
    ids?: string[];
    reason: StandingCode | { code: string; message: string };
    actorId: string | null;
    now?: Date;
  },
): Promise<string[]> {
  const refusal = typeof reason === "string" ? refusalOf(reason) : reason;
  const ids = await cancelUnsent(trx, {
    userId,
    tokenIds,
    ids: named,
    code: refusal.code,
    message: refusal.message,
    at: now.toISOString(),
  });
  if (ids.length > 0)
    await recordAudit(trx, {
      actorId,
      action: "submission.withdrawn",
      subjectId: userId ?? tokenIds?.[0] ?? ids[0],
      detail: { reason: refusal.code, count: ids.length, submissions: ids.slice(0, 50) },
    });
  return ids;
}

/** Tells open pages (the queue, the gallery) that these submissions were cancelled. */
export async function announceWithdrawn(ids: string[]): Promise<void> {
  for (const id of ids) await publishTaskEvent({ type: "submission", id, state: "cancelled" });
}
