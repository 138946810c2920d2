import "server-only";
import { AppError } from "@/lib/errors";
import { gatewayErrorResponse, legacyErrorResponse } from "./errors";

// Next answers a path no route file serves with its HTML 404, and a method a route file does not export with an
// empty 405: a script that reads the API's JSON error shape chokes on both. The gateway's paths answer them in
// that shape, as the API does (docs/emulator.md: 404 not_found, 405 method_not_allowed), before any token is read.

const ROUTES =
  "POST /v1/images/generations, POST /v1/videos/generations, GET /v1/tasks/{id}, POST /v1/batches, GET /v1/batches/{id} and GET /v1/batches/{id}/results";

/** app/v1/[[...path]]: every method on a /v1 path that no other route serves. */
export async function unknownPath(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const message = `No such endpoint: ${request.method} ${pathname.slice(0, 200)}. The gateway serves ${ROUTES}.`;
  return gatewayErrorResponse(new AppError("not_found:route", message));
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The handler of the methods a gateway route does not serve: 405, naming the one it does (in `Allow` too). */
export function methodNotAllowed(allowed: Method, { legacy = false }: { legacy?: boolean } = {}) {
  const refuse = legacy ? legacyErrorResponse : gatewayErrorResponse;
  return async (): Promise<Response> => refuse(new AppError("method_not_allowed", `Use ${allowed} here.`, undefined, { Allow: allowed }));
}
