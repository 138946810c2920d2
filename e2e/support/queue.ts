import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Queues one generation through the API without waiting for it to be sent; answers the submission id. */
export async function submit(request: APIRequestContext, prompt: string, model = "gamma-5-pro"): Promise<string> {
  const submissionId = crypto.randomUUID();
  const response = await request.post("/api/generations", { data: { submissionId, request: { model, prompt } } });
  expect(response.status(), await response.text()).toBe(202);
  return submissionId;
}

export async function submissionState(request: APIRequestContext, id: string): Promise<string> {
  const body = (await (await request.get(`/api/submissions/${id}`)).json()) as { submission: { state: string } };
  return body.submission.state;
}

/** Waits until the generation service accepted the submission. */
export async function waitAccepted(request: APIRequestContext, id: string, timeout = 20_000): Promise<void> {
  await expect.poll(() => submissionState(request, id), { timeout, intervals: [250, 500, 1000] }).toBe("accepted");
}

/** The queue on the Tasks page. */
export class QueueStripPart {
  readonly region: Locator;
  readonly waiting: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: /^Waiting to be sent/ });
    this.waiting = page.getByRole("list", { name: "Waiting submissions" }).getByRole("listitem");
  }

  item(prompt: string): Locator {
    return this.waiting.filter({ hasText: prompt });
  }
}
