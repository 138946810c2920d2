import { describe, expect, it } from "vitest";
import { taskListQuerySchema } from "@/lib/schemas/tasks";
import { taskListSearch } from "./task-list";

describe("taskListSearch", () => {
  it("asks for a first screen's tasks first (what the page's HTML carries), then larger pages", () => {
    const first = taskListSearch({ status: ["succeeded"] }, null);
    expect(Object.fromEntries(first)).toEqual({ status: "succeeded", limit: "24" });
    const next = taskListSearch({ status: ["succeeded"] }, "cursor-1");
    expect(Object.fromEntries(next)).toEqual({ status: "succeeded", limit: "60", cursor: "cursor-1" });
    // Both within what GET /api/tasks accepts.
    for (const search of [first, next]) expect(taskListQuerySchema.safeParse(Object.fromEntries(search)).success).toBe(true);
  });
});
