import { authFor } from "@/lib/auth/auth";
import { forAuth, guardAuthPost } from "@/lib/auth/route-guard";
import { auditSecondFactor, isSecondFactorEndpoint } from "@/lib/auth/second-factor/audit";
import { throttledSignIn } from "@/lib/auth/sign-in-throttle";
import { respond } from "@/lib/http/handler";

// better-auth's endpoints (sign-in, sign-out, session). Sign-up is disabled in its options; every POST
// passes the guard (size limit, the endpoints the app uses, update-user restricted), and sign-in also
// Darkroom's per-account limit.
const handle = (request: Request) => authFor(request.headers).handler(request);
// Darkroom's per-account limit; the second factor's endpoints recorded in the audit log.
const post = (request: Request) => {
  const endpoint = new URL(request.url).pathname.replace(/^\/api\/auth/, "").replace(/\/+$/, "");
  if (endpoint === "/sign-in/email") return throttledSignIn(request, handle);
  if (isSecondFactorEndpoint(endpoint)) return auditSecondFactor(endpoint, request, handle);
  return handle(request);
};

// Wrapped so that anything better-auth throws still ends as a logged, plain JSON 500.
export const GET = (request: Request) => respond(request, () => handle(forAuth(request)));
export const POST = (request: Request) => respond(request, () => guardAuthPost(request, post));
