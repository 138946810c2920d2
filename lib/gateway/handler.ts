import "server-only";
import type { z } from "zod";
import { AppError, INTERNAL_MESSAGE } from "@/lib/errors";
import { bearerToken } from "@/lib/http/bearer";
import { nestedDeeperThan } from "@/lib/json-depth";
import { parseJson, readJsonBytes, refuseNul } from "@/lib/http/body";
import { log } from "@/lib/log";
import { issueFields } from "@/lib/models/issues";
import type { AccessTokenScope } from "@/lib/schemas/access-tokens";
import { gatewayErrorResponse, legacyErrorResponse } from "./errors";
import { countTokenRequest } from "./rate-limit";
import { holderOfToken, type TokenHolder } from "./tokens";

// The wrapper of Darkroom's copy of the generation API: a personal access token, never a session (so no
// CSRF check applies: proxy.ts lets these paths through), in `Authorization: Bearer` or, on the legacy
// paths, `x-api-key` as the spec has it. The token first (401), then its scope (403), its rate (429), then
// the body (415, 413, 400, 422), each answered in the spec's error shape (the legacy paths: in the legacy one).

type Params = Record<string, string | string[] | undefined>;

interface Options<B> {
  /** What creating needs ("images" or "videos"); retrieval accepts any token. */
  scope?: AccessTokenScope;
  body?: z.ZodType<B>;
  /** The legacy paths authenticate with `x-api-key`. */
  legacy?: boolean;
}

/** As the API reads bodies (docs/emulator.md): deeper is malformed, and no walk of a body goes past it. */
export const MAX_BODY_DEPTH = 32;

const REFUSED =
  "This access token is not valid: it is missing, unknown, expired or revoked, or its member can no longer generate. Make one in Darkroom under Settings → Access tokens.";

export function withToken<B = undefined>(
  options: Options<B>,
  handler: (args: { request: Request; body: B; params: Params; holder: TokenHolder }) => Promise<Response>,
) {
  const refuse = options.legacy ? legacyErrorResponse : gatewayErrorResponse;
  return async (request: Request, context: { params: Promise<Params> }): Promise<Response> => {
    try {
      const secret = options.legacy ? request.headers.get("x-api-key") : bearerToken(request.headers);
      const holder = secret ? await holderOfToken(secret.trim()) : null;
      if (!holder) throw new AppError("unauthorized:access_token", REFUSED, undefined, { "WWW-Authenticate": 'Bearer realm="darkroom"' });
      if (options.scope && !holder.token.scopes.includes(options.scope))
        throw new AppError("forbidden:token_scope", `This token may not create ${options.scope}; make one with that scope in Settings.`);
      await countTokenRequest(holder.token.id);
      const params = await context.params;
      refuseNul(params, "address");
      // Fields named as the upstream names them (each unknown key by itself), so error.field is the spec's.
      const body = options.body
        ? parseJson(await readJsonBytes(request), options.body, (error) => issueFields(error.issues))
        : (undefined as B);
      if (nestedDeeperThan(body, MAX_BODY_DEPTH))
        throw new AppError(
          "bad_request:json",
          `The request body nests deeper than ${MAX_BODY_DEPTH} levels; no request of the API needs more.`,
        );
      return await handler({ request, body, params, holder });
    } catch (error) {
      if (error instanceof AppError) return refuse(error);
      log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error in the gateway");
      return refuse(new AppError("internal", INTERNAL_MESSAGE));
    }
  };
}
