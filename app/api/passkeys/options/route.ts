import { registrationOptions } from "@/lib/auth/second-factor/passkeys";
import { withUser } from "@/lib/http/handler";

// The browser's part of registering a passkey: a fresh challenge, kept for five minutes.
export const POST = withUser({ enrolling: true }, async ({ user, request }) => Response.json(await registrationOptions(user, request)));
