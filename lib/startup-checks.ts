import type { Env } from "@/lib/env";

// Rules that span several variables and only matter to a server that is about to serve (scripts and tests
// may run without them). Each problem names the variable and says what to do.

export function startupProblems(config: Pick<Env, "DATABASE_URL" | "AUTH_SECRET">): string[] {
  const problems: string[] = [];
  // With Postgres, several instances share one database: a secret generated into each one's DATA_DIR would
  // make every instance reject the others' sessions, signing users out at random.
  if (/^postgres(ql)?:\/\//.test(config.DATABASE_URL) && !config.AUTH_SECRET)
    problems.push(
      "AUTH_SECRET must be set when DATABASE_URL is Postgres, to the same value on every instance (try: openssl rand -base64 32).",
    );
  return problems;
}
