import "server-only";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { AppError } from "@/lib/errors";
import { getSessionIdentity } from "../session";
import { authenticatorAppOn, refuseLastFactor } from "./last-factor";

// better-auth's twoFactor endpoints (an authenticator app and its recovery codes) as Darkroom lets them run:
// each enrolment, removal, new set of recovery codes and use of a recovery code goes to the audit log, and
// the last second factor a team's rule requires cannot be removed. Only outcomes are recorded, never a code.

const AUDITED = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
]);

export const isSecondFactorEndpoint = (endpoint: string) => AUDITED.has(endpoint);

async function userIdOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } };
    return typeof body.user?.id === "string" ? body.user.id : undefined;
  } catch {
    return undefined;
  }
}

export async function auditSecondFactor(
  endpoint: string,
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const identity = await getSessionIdentity(request.headers);
  const user = identity?.user;
  if (endpoint === "/two-factor/disable" && user) {
    try {
      await refuseLastFactor(database().db, user, { appRemoved: true });
    } catch (error) {
      if (error instanceof AppError) return Response.json({ code: "LAST_SECOND_FACTOR", message: error.message }, { status: error.status });
      throw error;
    }
  }
  // Enrolment is the first verified code of a signed-in member who had no app yet.
  const enrolling =
    endpoint === "/two-factor/verify-totp" && user !== undefined && !(await authenticatorAppOn(database().db, { userId: user.id }));
  const response = await handle(request);
  if (response.status !== 200) return response;
  const { db } = database();
  const record = (actorId: string, action: string) => recordAudit(db, { actorId, action, subjectId: actorId });
  if (enrolling && user) await record(user.id, "second_factor.totp.add");
  else if (endpoint === "/two-factor/disable" && user) await record(user.id, "second_factor.totp.remove");
  else if (endpoint === "/two-factor/generate-backup-codes" && user) await record(user.id, "second_factor.recovery_codes.renew");
  else if (endpoint === "/two-factor/verify-backup-code") {
    const actorId = user?.id ?? (await userIdOf(response));
    if (actorId) await record(actorId, "second_factor.recovery_code.use");
  }
  return response;
}
