import { legacyRetrievalRoute } from "@/lib/gateway/routes";
import { methodNotAllowed } from "@/lib/gateway/unrouted";

export const GET = legacyRetrievalRoute;
// Any other method is the API's 405 in the legacy error shape, not Next's empty one.
export const POST = methodNotAllowed("GET", { legacy: true });
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
