import { batchCreationRoute } from "@/lib/gateway/batches";
import { gatewayErrorResponse } from "@/lib/gateway/errors";
import { methodNotAllowed } from "@/lib/gateway/unrouted";
import { unproxied } from "@/lib/http/unproxied";

// A batch from a script: JSON lines, read as they stream. proxy.ts skips this path so Next does not copy (and cut)
// the body; unproxied() gives every answer here the proxy's headers instead (lib/http/unproxied.ts).
const gateway = { refuse: gatewayErrorResponse };
export const POST = unproxied(batchCreationRoute, gateway);
// Any other method is the API's 405 in its error shape, not Next's empty one.
export const GET = unproxied(methodNotAllowed("POST"), gateway);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
