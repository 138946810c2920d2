import { getAuth } from "@/lib/auth/auth";
import { throttledSignIn } from "@/lib/auth/sign-in-throttle";
import { respond } from "@/lib/http/handler";

// better-auth's endpoints (sign-in, sign-out, session). Sign-up is disabled in its options; sign-in
// also passes Darkroom's per-account limit.
const handle = (request: Request) => getAuth().handler(request);

// Wrapped so that anything better-auth throws still ends as a logged, plain JSON 500.
export const GET = (request: Request) => respond(request, () => handle(request));
export const POST = (request: Request) =>
  respond(request, () => (new URL(request.url).pathname.endsWith("/sign-in/email") ? throttledSignIn(request, handle) : handle(request)));
