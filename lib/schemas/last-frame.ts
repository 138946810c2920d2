import { z } from "zod";

/** `POST /api/tasks/{id}/last-frame`: which result of the video task (its index, 0 when absent). */
export const lastFrameBody = z.object({ index: z.number().int().min(0).max(99).default(0) }).strict();
