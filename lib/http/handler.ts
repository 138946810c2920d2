import "server-only";
import type { z } from "zod";
import { requireIdentity, type SessionUser } from "@/lib/auth/session";
import { AppError, INTERNAL_MESSAGE } from "@/lib/errors";
import { log } from "@/lib/log";
import type { Role } from "@/lib/members/roles";
import { BEARER_ELSEWHERE_MESSAGE, bearerToken } from "./bearer";
import { parseJson, parseWith, readJsonBytes, refuseNul } from "./body";

type Params = Record<string, string | string[] | undefined>;
type RouteContext = { params: Promise<Params> };

interface Args<B, Q> {
  request: Request;
  body: B;
  query: Q;
  params: Params;
}

interface Options<B, Q> {
  body?: z.ZodType<B>;
  /** The URL's query string, validated like a body (422 with per-field messages). */
  query?: z.ZodType<Q>;
}

/** A declared body is read (type and size checked) before anything else, the session included. */
const readBody = (request: Request, options: Options<unknown, unknown>) => (options.body ? readJsonBytes(request) : undefined);

async function inputs<B, Q>(request: Request, context: RouteContext, options: Options<B, Q>, bytes: Uint8Array | undefined) {
  const params = await context.params;
  refuseNul(params, "address");
  const search = Object.fromEntries(new URL(request.url).searchParams);
  refuseNul(search, "query string");
  const body = options.body && bytes ? parseJson(bytes, options.body) : (undefined as B);
  const query = options.query ? parseWith(options.query, search) : (undefined as Q);
  return { request, body, query, params };
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
export function withPublic<B = undefined, Q = undefined>(options: Options<B, Q>, handler: (args: Args<B, Q>) => Promise<Response>) {
  return (request: Request, context: RouteContext) =>
    respond(request, async () => handler(await inputs(request, context, options, await readBody(request, options))));
}

/**
 * A route for signed-in members: session, second factor (lib/policy/second-factor.ts) and role first, then the
 * body. `enrolling`: a route that sets up a second factor, open to a member the team's rule still holds back.
 */
export function withUser<B = undefined, Q = undefined>(
  options: Options<B, Q> & { role?: Role; enrolling?: boolean },
  handler: (args: Args<B, Q> & { user: SessionUser; sessionToken: string }) => Promise<Response>,
) {
  return (request: Request, context: RouteContext) =>
    respond(request, async () => {
      const bytes = await readBody(request, options);
      if (bearerToken(request.headers) !== null) throw new AppError("forbidden:token_scope", BEARER_ELSEWHERE_MESSAGE);
      const { user, token } = await requireIdentity(request.headers, options.role, { enrolling: options.enrolling });
      return handler({ ...(await inputs(request, context, options, bytes)), user, sessionToken: token });
    });
}
