import { openApiDocument } from "@/lib/gateway/openapi";
import { gatewayOrigin } from "@/lib/gateway/task-view";
import { withPublic } from "@/lib/http/handler";

// The gateway described for machines (clients, generators, validators); it holds no secret, so anyone may read it.
export const GET = withPublic({}, async ({ request }) => Response.json(openApiDocument(gatewayOrigin(request))));
