import { describe, expect, it } from "vitest";
import { startupProblems } from "./startup-checks";

describe("start-up checks", () => {
  it("refuses Postgres without an explicit AUTH_SECRET, naming the variable", () => {
    for (const url of ["postgres://db/darkroom", "postgresql://u@db:5432/darkroom"]) {
      const [problem] = startupProblems({ DATABASE_URL: url, AUTH_SECRET: undefined });
      expect(problem).toMatch(/^AUTH_SECRET must be set when DATABASE_URL is Postgres/);
      expect(problem).not.toContain("db:5432");
    }
  });

  it("lets SQLite generate its own secret, and Postgres run with one set", () => {
    expect(startupProblems({ DATABASE_URL: "./data/darkroom.db", AUTH_SECRET: undefined })).toEqual([]);
    expect(startupProblems({ DATABASE_URL: "postgres://db/darkroom", AUTH_SECRET: "x".repeat(32) })).toEqual([]);
  });
});
