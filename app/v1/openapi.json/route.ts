import { openApiDocument } from "@/lib/gateway/openapi";
import { gatewayOrigin } from "@/lib/gateway/task-view";
import { methodNotAllowed } from "@/lib/gateway/unrouted";
import { withPublic } from "@/lib/http/handler";

// The gateway described for machines (clients, generators, validators); it holds no secret, so anyone may read it.
export const GET = withPublic({}, async ({ request }) => Response.json(openApiDocument(gatewayOrigin(request))));

// Any other method is the API's 405 in its error shape, not Next's empty one.
export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
