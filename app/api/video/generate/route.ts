import { legacyCreationRoute } from "@/lib/gateway/routes";
import { methodNotAllowed } from "@/lib/gateway/unrouted";

export const POST = legacyCreationRoute;
// Any other method is the API's 405 in the legacy error shape, not Next's empty one.
export const GET = methodNotAllowed("POST", { legacy: true });
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
