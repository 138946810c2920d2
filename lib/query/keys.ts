// Every React Query key in one place, so invalidating "all members" cannot miss a spelling.
export const queryKeys = {
  members: {
    all: ["members"] as const,
    list: () => [...queryKeys.members.all, "list"] as const,
  },
} as const;
