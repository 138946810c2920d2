// Every React Query key in one place, so invalidating "all members" cannot miss a spelling.
export const queryKeys = {
  members: {
    all: ["members"] as const,
    list: () => [...queryKeys.members.all, "list"] as const,
  },
} as const;

// Tasks: lists under ["tasks", "list", filters]; one task's detail stays generateKeys.task(id) = ["tasks", "detail", id],
// so invalidating tasks.all refreshes both.
export const taskKeys = {
  all: ["tasks"] as const,
  lists: ["tasks", "list"] as const,
  list: (filters: Record<string, unknown>) => ["tasks", "list", filters] as const,
  queue: ["queue"] as const,
} as const;
