import { retrievalRoute } from "@/lib/gateway/routes";

export const GET = retrievalRoute;
