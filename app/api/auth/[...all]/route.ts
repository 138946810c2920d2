import { getAuth } from "@/lib/auth/auth";
import { throttledSignIn } from "@/lib/auth/sign-in-throttle";

// better-auth's endpoints (sign-in, sign-out, session). Sign-up is disabled in its options; sign-in
// also passes Darkroom's per-account limit.
const handle = (request: Request) => getAuth().handler(request);

export const GET = handle;
export const POST = (request: Request) =>
  new URL(request.url).pathname.endsWith("/sign-in/email") ? throttledSignIn(request, handle) : handle(request);
