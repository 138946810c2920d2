import { z } from "zod";
import { withUser } from "@/lib/http/handler";
import { resendWithNewKey } from "@/lib/tasks/resend";

// The body says the person saw the warning: sending again may charge a second time.
const body = z.object({ acceptSecondCharge: z.literal(true, { error: "Confirm that a second charge is possible." }) }).strict();

export const POST = withUser({ role: "member", body }, async ({ user, params }) =>
  Response.json({ submission: await resendWithNewKey(user, String(params.id)) }),
);
