// Personal access tokens (Settings → Access tokens, and the routes behind it): client-safe.
import { z } from "zod";

export const ACCESS_TOKEN_SCOPES = ["images", "videos", "read"] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** The choices Settings offers, each a set of scopes: creating images needs "images", and so on; any scope may read. */
export const SCOPE_CHOICES = {
  all: { label: "Images and videos", scopes: ["images", "videos"] },
  images: { label: "Images only", scopes: ["images"] },
  videos: { label: "Videos only", scopes: ["videos"] },
  read: { label: "Read only", scopes: ["read"] },
} as const satisfies Record<string, { label: string; scopes: readonly AccessTokenScope[] }>;
export type ScopeChoice = keyof typeof SCOPE_CHOICES;

export const ACCESS_TOKEN_DEFAULT_DAYS = 90;
export const ACCESS_TOKEN_MAX_DAYS = 365;

export const newAccessTokenSchema = z
  .object({
    name: z
      .string({ error: "Give the token a name, e.g. the script that uses it." })
      .trim()
      .min(1, "Give the token a name, e.g. the script that uses it.")
      .max(60, "A token's name is at most 60 characters."),
    scope: z.enum(Object.keys(SCOPE_CHOICES) as [ScopeChoice, ...ScopeChoice[]], {
      error: 'scope is one of "all", "images", "videos" or "read".',
    }),
    expiresInDays: z
      .number({ error: "Expiry is a number of days." })
      .int("Expiry is a whole number of days.")
      .min(1, "A token lasts at least 1 day.")
      .max(ACCESS_TOKEN_MAX_DAYS, `A token lasts at most ${ACCESS_TOKEN_MAX_DAYS} days.`)
      .default(ACCESS_TOKEN_DEFAULT_DAYS),
    /** A cap of its own on what it may commit, ever; absent: the member's and the team's budgets only. */
    budgetCredits: z
      .number({ error: "A token's budget is a number of credits." })
      .int("A token's budget is a whole number of credits.")
      .min(1, "A token's budget is at least 1 credit.")
      .max(1_000_000_000, "A token's budget is at most 1,000,000,000 credits.")
      .nullish(),
  })
  .strict();
export type NewAccessToken = z.input<typeof newAccessTokenSchema>;

export interface AccessTokenView {
  id: string;
  name: string;
  scopes: AccessTokenScope[];
  /** Its own cap and what it commits now (lib/policy/budgets.ts), or null. */
  budget: { limit: number; committed: number } | null;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

/** A token in the admins' list of every member's tokens: with the member it belongs to. */
export interface TeamAccessTokenView extends AccessTokenView {
  member: { id: string; name: string | null };
}
