import { usageExportRoute } from "@/lib/exports/handlers";

// One row per UTC day, member and model in the period, as JSON, streamed (see docs/guide.md: Exports and the export token).
export const GET = usageExportRoute("json");
