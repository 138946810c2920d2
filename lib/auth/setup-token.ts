import "server-only";
import { timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isLocalClient, resolveClient } from "@/lib/http/client";

// Whoever reaches /setup first becomes the admin. A client on this machine may; anyone else must also know
// the one-time token from the server log. "On this machine" is the client address Darkroom decided on
// (lib/http/client.ts), not the address it listens on: behind a reverse proxy on loopback every request
// arrives from 127.0.0.1, and the proxy's X-Forwarded-For names the real client.

/** Whether this request must bring the setup token. */
export function setupTokenRequired(headers: Headers): boolean {
  // No peer stamp (a bare `next start`, or a handler called directly): nothing is known of the client, so
  // only a configured token decides.
  if (resolveClient(headers).address === undefined) return Boolean(env.SETUP_TOKEN);
  return !isLocalClient(headers);
}

export function checkSetupToken(given: string | undefined, headers: Headers): void {
  if (!setupTokenRequired(headers)) return;
  const expected = env.SETUP_TOKEN;
  if (!expected) {
    const message = "Set up Darkroom from the machine it runs on, or start it with SETUP_TOKEN set and enter that token here.";
    throw new AppError("forbidden:setup_token", message, { setupToken: message });
  }
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AppError(
      "forbidden:setup_token",
      given
        ? "That setup token is not right. Copy it again from Darkroom's server log."
        : "Enter the setup token printed in Darkroom's server log.",
      { setupToken: given ? "That setup token is not right." : "Enter the setup token from the server log." },
    );
  }
}
