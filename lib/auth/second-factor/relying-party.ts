import "server-only";
import { AppError } from "@/lib/errors";
import { requestHosts } from "@/lib/http/client";

// Who a passkey is made for (the WebAuthn "relying party"): the site the browser is on. Darkroom answers on
// whatever host it is reached by, so the browser's Origin names it, trusted only when it is one of this
// request's own origins (the hosts Darkroom decided on, lib/http/client.ts), as sign-in's origin check does.

export const RP_NAME = "Darkroom";

export interface RelyingParty {
  /** The host name, without port: what a passkey is bound to. */
  rpID: string;
  /** The exact origin the browser's signed data must name. */
  origin: string;
}

export function relyingParty(request: Request): RelyingParty {
  const origin = request.headers.get("origin");
  const own = requestHosts(request).flatMap((host) => [`http://${host}`, `https://${host}`]);
  own.push(new URL(request.url).origin);
  if (!origin || !own.includes(origin)) throw new AppError("forbidden:origin", "Passkeys work only from Darkroom's own pages.");
  return { rpID: new URL(origin).hostname, origin };
}
