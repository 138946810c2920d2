import { legacyRetrievalRoute } from "@/lib/gateway/routes";

export const GET = legacyRetrievalRoute;
