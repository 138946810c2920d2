import { batchRetrievalRoute } from "@/lib/gateway/batches";
import { methodNotAllowed } from "@/lib/gateway/unrouted";

export const GET = batchRetrievalRoute;
// Any other method is the API's 405 in its error shape, not Next's empty one.
export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
