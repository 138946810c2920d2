import { passkeysOf, registerPasskey } from "@/lib/auth/second-factor/passkeys";
import { withUser } from "@/lib/http/handler";
import { newPasskeySchema } from "@/lib/schemas/second-factor";

// One's passkeys; registering one is open to a member the team's rule still sends to set up a second factor.
export const GET = withUser({ enrolling: true }, async ({ user }) => Response.json({ passkeys: await passkeysOf(user) }));

export const POST = withUser({ enrolling: true, body: newPasskeySchema }, async ({ user, request, body }) =>
  Response.json({ passkey: await registerPasskey(user, request, body) }, { status: 201 }),
);
