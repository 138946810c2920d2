import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Submits one generation through the API and waits until the generation service accepted it; answers the task id. */
export async function createTask(
  request: APIRequestContext,
  prompt: string,
  model = "gamma-5-pro",
  settings: Record<string, unknown> = {},
): Promise<string> {
  const submissionId = crypto.randomUUID();
  const response = await request.post("/api/generations", { data: { submissionId, request: { model, prompt, ...settings } } });
  expect(response.status(), await response.text()).toBe(202);
  let taskId: string | null = null;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/submissions/${submissionId}`)).json()) as {
          submission: { taskId: string | null; state: string };
        };
        taskId = body.submission.taskId;
        return taskId;
      },
      { timeout: 20_000, intervals: [250, 500] },
    )
    .toMatch(/^task_/);
  return taskId as unknown as string;
}

/**
 * Waits until nothing is waiting to be sent and no task is live: a spec that compares totals before and after
 * its own task must not count one that an earlier spec left running. With `{ live: false }`, only until nothing
 * is waiting to be sent: a fault set for the next creation is then met by the spec's own submission.
 */
export async function waitUntilQuiet(request: APIRequestContext, { live = true } = {}): Promise<void> {
  await expect
    .poll(
      async () => {
        const queue = (await (await request.get("/api/queue")).json()) as { submissions: unknown[] };
        if (!live) return queue.submissions.length;
        const running = (await (await request.get("/api/tasks?status=pending,processing&limit=1")).json()) as { tasks: unknown[] };
        return queue.submissions.length + running.tasks.length;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(0);
}

/** The task as GET /api/tasks/{id} answers it. */
export async function getTask(
  request: APIRequestContext,
  id: string,
): Promise<{ status: string; expiresAt: string | null; credits: { used: number | null }; archive: { error: string | null } }> {
  const response = await request.get(`/api/tasks/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { task: Awaited<ReturnType<typeof getTask>> }).task;
}

/** Waits until the task succeeded and its results are in Darkroom's archive. */
export async function waitArchived(request: APIRequestContext, id: string): Promise<void> {
  await expect.poll(async () => (await getTask(request, id)).status, { timeout: 60_000, intervals: [500, 1000] }).toBe("succeeded");
}

/** The task's status as the API reports it. */
export async function taskStatus(request: APIRequestContext, id: string): Promise<string> {
  const body = (await (await request.get(`/api/tasks/${id}`)).json()) as { task: { status: string } };
  return body.task.status;
}

/** The Tasks gallery. */
/** Resolves once React has hydrated `element`: it then carries React's fiber. */
export async function hydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")))).toBe(true);
}

export class TasksPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly grid: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Tasks" });
    this.search = page.getByRole("searchbox", { name: "Search prompts" });
    this.grid = page.getByRole("list", { name: "Tasks" });
  }

  /** Opens the gallery and waits for it to hydrate: a click on a card's checkbox before that is undone by React. */
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/tasks${query}`);
    await expect(this.heading).toBeVisible();
    await hydrated(this.search);
  }

  /** The card whose prompt contains `text` (prompts are unique per test). */
  card(text: string): Locator {
    return this.grid.getByRole("listitem").filter({ hasText: text });
  }

  filter(label: "Status" | "Model" | "Type" | "Member"): Locator {
    return this.page.getByRole("combobox", { name: label, exact: true });
  }
}
