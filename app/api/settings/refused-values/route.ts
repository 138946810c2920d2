import { database } from "@/lib/db";
import { withUser } from "@/lib/http/handler";
import { refusedAlphaResolutions, resetRefusedResolutions } from "@/lib/tasks/refused-values";

// Values the API refused with a 422 (today: alpha resolutions). Anyone signed in may read them (the form
// leaves them out); only admins, who manage the connection, forget them (after switching API account, say).
export const GET = withUser({ role: "viewer" }, async () =>
  Response.json({ alphaResolution: await refusedAlphaResolutions(database().db) }, { headers: { "Cache-Control": "no-store" } }),
);

export const DELETE = withUser({ role: "admin" }, async () => {
  await resetRefusedResolutions(database().db);
  return Response.json({ alphaResolution: [] });
});
