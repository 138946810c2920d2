import { database } from "@/lib/db";
import { withUser } from "@/lib/http/handler";
import { NOTHING_LEARNED } from "@/lib/schemas/learned-values";
import { learnedValues, resetLearnedValues } from "@/lib/tasks/refused-values";

// Values the API refused with a 422 (alpha resolutions, epsilon-v6's aspect_ratio requirement and reference
// types). Anyone signed in may read them (the form adapts to them); only admins, who manage the connection,
// forget them (after switching API account, say).
export const GET = withUser({ role: "viewer" }, async () =>
  Response.json(await learnedValues(database().db), { headers: { "Cache-Control": "no-store" } }),
);

export const DELETE = withUser({ role: "admin" }, async () => {
  await resetLearnedValues(database().db);
  return Response.json(NOTHING_LEARNED);
});
