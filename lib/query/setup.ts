import type { SetupInput } from "@/lib/members/schemas";
import { fetchJson } from "./fetch-json";

/** Creates the first admin; on 201 the server has already set the session cookie. */
export function submitSetup(input: SetupInput): Promise<unknown> {
  return fetchJson("/api/setup", { method: "POST", json: input });
}
