import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// A worker (DARKROOM_ROLE=worker) runs the task engine and the archive and serves only its health routes:
// pages and the API belong to web instances, so a misrouted request gets a plain answer instead of a page.
export function proxy(request: Request) {
  if (env.DARKROOM_ROLE === "worker" && !new URL(request.url).pathname.startsWith("/api/health"))
    return new AppError(
      "not_found:worker",
      "This instance is a worker (DARKROOM_ROLE=worker): it serves only /api/health. Open Darkroom through a web instance.",
    ).toResponse();
  return NextResponse.next();
}

export const config = { matcher: ["/((?!_next/static|_next/image).*)"] };
