import "server-only";
import { database } from "@/lib/db";
import { withExportAccess } from "@/lib/http/export-access";
import { roleAtLeast } from "@/lib/members/roles";
import { csvStream, exportResponse, jsonStream, type ExportFormat } from "./formats";
import { exportPeriod, exportQuerySchema } from "./period";
import { TASK_COLUMNS, taskSource } from "./task-rows";
import { USAGE_COLUMNS, usageSource } from "./usage-rows";

// What the four export routes do. Who sees what: the usage rows are the Credits page's figures, which every
// role sees. The task rows are what each person's gallery shows them (the team's tasks, less what is hidden
// for the team or by them); admins, and export tokens (an admin's), get every task, hidden ones included and
// marked, so the rows add up to the usage figures (hidden tasks still spent credits).

export const tasksExportRoute = (format: ExportFormat) =>
  withExportAccess({ query: exportQuerySchema }, async ({ query, user }) => {
    const period = exportPeriod(query);
    const admin = roleAtLeast(user.role, "admin");
    const source = taskSource(database().db, { from: period.from, until: period.until, includeHidden: admin, viewerId: user.id });
    const body = format === "csv" ? csvStream(TASK_COLUMNS, source, { bom: query.bom }) : jsonStream(source);
    return exportResponse(body, { format, name: `darkroom-tasks-${period.label}` });
  });

export const usageExportRoute = (format: ExportFormat) =>
  withExportAccess({ query: exportQuerySchema }, async ({ query }) => {
    const period = exportPeriod(query);
    const source = usageSource(database().db, { fromDay: period.fromDay, toDay: period.toDay });
    const body = format === "csv" ? csvStream(USAGE_COLUMNS, source, { bom: query.bom }) : jsonStream(source);
    return exportResponse(body, { format, name: `darkroom-usage-${period.label}` });
  });
