import { withUser } from "@/lib/http/handler";
import { batchView } from "@/lib/batches/view";
import { memberViewer } from "@/lib/policy/see";

// One batch: its progress, credits and ETA, what the batch page refetches when its rows' tasks change.
export const GET = withUser({}, async ({ user, params }) => Response.json(await batchView(memberViewer(user), String(params.id))));
