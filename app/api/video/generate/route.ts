import { legacyCreationRoute } from "@/lib/gateway/routes";

export const POST = legacyCreationRoute;
