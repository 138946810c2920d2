import { tasksExportRoute } from "@/lib/exports/handlers";

// One row per task in the period, as JSON, streamed (see docs/guide.md: Exports and the export token).
export const GET = tasksExportRoute("json");
