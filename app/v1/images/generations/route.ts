import { creationRoute } from "@/lib/gateway/routes";

export const POST = creationRoute("image");
