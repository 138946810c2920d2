import { setTeamTimeZone } from "@/lib/budgets/service";
import { teamTimeZone } from "@/lib/budgets/status";
import { database } from "@/lib/db";
import { withUser } from "@/lib/http/handler";
import { timeZoneSchema } from "@/lib/schemas/budgets";

// The team's time zone: where budget days, weeks and months begin.
export const GET = withUser({ role: "viewer" }, async () => Response.json({ timeZone: await teamTimeZone(database().db) }));

export const PUT = withUser({ role: "admin", body: timeZoneSchema }, async ({ user, body }) => {
  await setTeamTimeZone(user, body.timeZone);
  return Response.json({ timeZone: body.timeZone });
});
