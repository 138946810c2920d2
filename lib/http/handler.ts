import "server-only";
import type { z } from "zod";
import { requireUser, type SessionUser } from "@/lib/auth/session";
import { AppError, INTERNAL_MESSAGE } from "@/lib/errors";
import { log } from "@/lib/log";
import type { Role } from "@/lib/members/schemas";
import { readJson } from "./body";

type Params = Record<string, string | string[] | undefined>;
type RouteContext = { params: Promise<Params> };

interface Args<B> {
  request: Request;
  body: B;
  params: Params;
}

/** Every route's one exit for errors: AppErrors as they are, anything else logged and answered as a plain 500. */
export async function respond(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return error.toResponse();
    log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error in route");
    return new AppError("internal", INTERNAL_MESSAGE).toResponse();
  }
}

/** A route anyone may call (health, first-run setup); the body, when given, is validated. */
export function withPublic<B = undefined>(options: { body?: z.ZodType<B> }, handler: (args: Args<B>) => Promise<Response>) {
  return (request: Request, context: RouteContext) =>
    respond(request, async () => {
      const body = options.body ? await readJson(request, options.body) : (undefined as B);
      return handler({ request, body, params: await context.params });
    });
}

/** A route for signed-in members: session and role first, then the body. */
export function withUser<B = undefined>(
  options: { role?: Role; body?: z.ZodType<B> },
  handler: (args: Args<B> & { user: SessionUser }) => Promise<Response>,
) {
  return (request: Request, context: RouteContext) =>
    respond(request, async () => {
      const user = await requireUser(request.headers, options.role);
      const body = options.body ? await readJson(request, options.body) : (undefined as B);
      return handler({ request, user, body, params: await context.params });
    });
}
