import { tasksExportRoute } from "@/lib/exports/handlers";

// One row per task in the period, as CSV, streamed (see docs/guide.md: Exports and the export token).
export const GET = tasksExportRoute("csv");
