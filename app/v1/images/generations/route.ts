import { creationRoute } from "@/lib/gateway/routes";
import { methodNotAllowed } from "@/lib/gateway/unrouted";

export const POST = creationRoute("image");
// Any other method is the API's 405 in its error shape, not Next's empty one.
export const GET = methodNotAllowed("POST");
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
