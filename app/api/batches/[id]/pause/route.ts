import { batchStateRoute } from "@/lib/batches/state-route";

export const POST = batchStateRoute("pause");
