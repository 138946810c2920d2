import { ErrorCodeChip } from "@/components/shared/error-code-chip";
import { taskErrorCode } from "@/components/shared/error-codes";
import { explainTask } from "@/components/shared/task-explanation";
import type { TaskView } from "@/lib/schemas/views";
import { OverviewCard, TaskLine } from "./overview-card";

/** The last week's failures, each with what happened and what it means for the credits, in the task page's words. */
export function FailuresCard({ tasks }: { tasks: TaskView[] }) {
  return (
    <OverviewCard
      id="overview-failures"
      title="Recent failures"
      link={{ href: "/tasks?status=failed", label: "All failures" }}
      empty={tasks.length ? null : "No task failed in the last 7 days."}
    >
      <ul className="divide-y">
        {tasks.map((task) => {
          const explained = explainTask(task);
          const code = taskErrorCode(task);
          return (
            <TaskLine key={task.id} id={task.id} model={task.model} prompt={task.prompt}>
              <span className="text-xs">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="font-medium">{explained?.title ?? "Failed"}</span>
                  {code && <ErrorCodeChip shown={code} />}
                </span>
                {explained && <span className="line-clamp-2 text-muted-foreground">{explained.body}</span>}
              </span>
            </TaskLine>
          );
        })}
      </ul>
    </OverviewCard>
  );
}
