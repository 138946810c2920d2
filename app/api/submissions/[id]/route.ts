import { withUser } from "@/lib/http/handler";
import { submissionWithPosition } from "@/lib/tasks/queue";

export const GET = withUser({}, async ({ params }) => Response.json({ submission: await submissionWithPosition(String(params.id)) }));
