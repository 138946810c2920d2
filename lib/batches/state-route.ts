import "server-only";
import { withUser } from "@/lib/http/handler";
import { memberViewer } from "@/lib/policy/see";
import { changeBatchState, type BatchAction } from "./control";
import { batchView } from "./view";

/** POST /api/batches/{id}/pause, /resume and /cancel: its member or an admin; answers the batch as it is now. */
export const batchStateRoute = (action: BatchAction) =>
  withUser({ role: "member" }, async ({ user, params }) => {
    await changeBatchState(user, String(params.id), action);
    return Response.json(await batchView(memberViewer(user), String(params.id)));
  });
