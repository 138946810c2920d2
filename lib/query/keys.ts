// Every React Query key in one place, so invalidating "all tasks" cannot miss a spelling. A task's detail
// and the lists share the "tasks" root, so invalidating taskKeys.all refreshes both.
export const memberKeys = {
  all: ["members"] as const,
  list: () => ["members", "list"] as const,
} as const;

export const taskKeys = {
  all: ["tasks"] as const,
  lists: ["tasks", "list"] as const,
  list: (filters: Record<string, unknown>) => ["tasks", "list", filters] as const,
  details: ["tasks", "detail"] as const,
  detail: (id: string) => ["tasks", "detail", id] as const,
  queue: ["queue"] as const,
} as const;

export const submissionKeys = {
  details: ["submissions", "detail"] as const,
  detail: (id: string) => ["submissions", "detail", id] as const,
} as const;

export const uploadKeys = {
  capability: ["uploads", "capability"] as const,
} as const;

export const budgetKeys = {
  all: ["budgets"] as const,
  list: ["budgets", "list"] as const,
  alerts: ["budgets", "alerts"] as const,
  balance: ["budgets", "balance"] as const,
} as const;

/** The one ledger snapshot a page shows (GET /api/credits/ledger): per Credits period, or null for the Overview's. */
export const ledgerKeys = {
  all: ["ledger"] as const,
  snapshot: (period: string | null) => ["ledger", period] as const,
} as const;

export const comparisonKeys = {
  all: ["comparisons"] as const,
  detail: (id: string) => ["comparisons", "detail", id] as const,
} as const;

/** Boards: the list (the "Add to board" panel reads it) and each board's page. */
export const boardKeys = {
  all: ["boards"] as const,
  list: ["boards", "list"] as const,
} as const;

/** Batches: the list, each batch's view, and its rows in windows (per status filter and window start). */
export const batchKeys = {
  all: ["batches"] as const,
  list: ["batches", "list"] as const,
  detail: (id: string) => ["batches", "detail", id] as const,
  rowsOf: (id: string) => ["batches", "rows", id] as const,
  rows: (id: string, status: string | null, offset: number) => ["batches", "rows", id, status ?? "all", offset] as const,
} as const;
