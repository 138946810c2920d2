import type { TaskView } from "@/lib/schemas/views";
import { OverviewCard, TaskLine } from "./overview-card";
import { RunningProgress } from "./running-progress";

export function RunningCard({ tasks, total }: { tasks: TaskView[]; total: number }) {
  return (
    <OverviewCard
      id="overview-running"
      title={`Running now (${total})`}
      link={{ href: "/tasks?status=pending,processing", label: "All running" }}
      empty={tasks.length ? null : "Nothing is generating right now."}
    >
      <ul className="divide-y">
        {tasks.map((task) => (
          <TaskLine key={task.id} id={task.id} model={task.model} prompt={task.prompt}>
            <span className="text-xs text-muted-foreground">{task.member.name ?? "Unknown member"}</span>
            <RunningProgress createdAt={task.createdAt} estimate={task.estimate} />
          </TaskLine>
        ))}
      </ul>
      {total > tasks.length && <p className="mt-2 text-xs text-muted-foreground">and {total - tasks.length} more</p>}
    </OverviewCard>
  );
}
