import { authFor } from "@/lib/auth/auth";
import { forAuth, guardAuthPost } from "@/lib/auth/route-guard";
import { throttledSignIn } from "@/lib/auth/sign-in-throttle";
import { respond } from "@/lib/http/handler";

// better-auth's endpoints (sign-in, sign-out, session). Sign-up is disabled in its options; every POST
// passes the guard (size limit, the endpoints the app uses, update-user restricted), and sign-in also
// Darkroom's per-account limit.
const handle = (request: Request) => authFor(request.headers).handler(request);
const post = (request: Request) =>
  new URL(request.url).pathname.endsWith("/sign-in/email") ? throttledSignIn(request, handle) : handle(request);

// Wrapped so that anything better-auth throws still ends as a logged, plain JSON 500.
export const GET = (request: Request) => respond(request, () => handle(forAuth(request)));
export const POST = (request: Request) => respond(request, () => guardAuthPost(request, post));
