import { getAuth } from "@/lib/auth/auth";

// better-auth's endpoints (sign-in, sign-out, session). Sign-up is disabled in its options.
export const GET = (request: Request) => getAuth().handler(request);
export const POST = (request: Request) => getAuth().handler(request);
