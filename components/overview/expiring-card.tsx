import { upstreamCopy } from "@/lib/retention";
import type { TaskView } from "@/lib/schemas/views";
import { OverviewCard, TaskLine } from "./overview-card";

/** Whole hours the copy has left by lib/retention.ts, at least 1 (the list holds only copies not yet gone). */
const hoursLeft = (task: TaskView, now: number) => Math.max(1, Math.round((upstreamCopy(task, now)?.leftMs ?? 0) / 3_600_000));

/** Images whose copy at the generation service is deleted within 48 hours (lib/retention.ts); the archive keeps its own. */
export function ExpiringCard({ tasks, now }: { tasks: TaskView[]; now: number }) {
  return (
    <OverviewCard
      id="overview-expiring"
      title="Results that expire soon"
      empty={tasks.length ? null : "No result's copy at the generation service expires in the next 48 hours."}
    >
      <ul className="divide-y">
        {tasks.map((task) => (
          <TaskLine key={task.id} id={task.id} model={task.model} prompt={task.prompt}>
            <span className="text-xs">
              The service deletes its copy in about {hoursLeft(task, now)} h.{" "}
              {task.archive.state === "done" ? (
                <span className="text-muted-foreground">Darkroom’s archive keeps a copy.</span>
              ) : (
                <span className="font-medium text-danger">Not in the archive: download it before then.</span>
              )}
            </span>
          </TaskLine>
        ))}
      </ul>
    </OverviewCard>
  );
}
