import { batchResultsRoute } from "@/lib/gateway/batches";
import { methodNotAllowed } from "@/lib/gateway/unrouted";

// The batch's results as JSON lines: each row's custom_id, task id, status, credits and signed result links.
export const GET = batchResultsRoute;
// Any other method is the API's 405 in its error shape, not Next's empty one.
export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
