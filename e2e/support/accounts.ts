import { fileURLToPath } from "node:url";

// The people the suite creates. Every run starts from an empty database, so fixed addresses are safe.

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const ADMIN: Account = { name: "Ada Admin", email: "ada@example.com", password: "ada-e2e-password" };
export const MEMBER: Account & { role: "member" } = {
  name: "Max Member",
  email: "max@example.com",
  password: "max-e2e-password",
  role: "member",
};
export const VIEWER: Account & { role: "viewer" } = {
  name: "Vera Viewer",
  email: "vera@example.com",
  password: "vera-e2e-password",
  role: "viewer",
};

/**
 * The admin's signed-in browser state, written by the first-run project and used by the team project. One per
 * server port, so two runs side by side (each with its own server and database) keep their own.
 */
export const ADMIN_STATE = fileURLToPath(new URL(`../../test-results/.auth/admin-${process.env.E2E_PORT ?? 3100}.json`, import.meta.url));

/** A browser state with nobody signed in, for `test.use({ storageState: SIGNED_OUT })`. */
export const SIGNED_OUT = { cookies: [], origins: [] };

/** Ten kilobytes: far beyond any field's limit, well under the API's 64 KiB body limit. */
export const TEN_KB = "x".repeat(10 * 1024);
