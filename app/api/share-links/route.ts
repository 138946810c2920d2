import { gatewayOriginOf } from "@/lib/gateway/task-view";
import { withUser } from "@/lib/http/handler";
import { newShareLinkSchema } from "@/lib/schemas/new-share-link";
import { createShareLink, shareLinksOf } from "@/lib/shares/links";

// Share links: the live ones a member answers for (theirs, and others' links to their boards and tasks; an
// admin's: everyone's), and a new one, whose URL is answered once (only its hash is kept). Viewers cannot share.
export const GET = withUser({ role: "member" }, async ({ user }) => Response.json({ links: await shareLinksOf(user) }));

export const POST = withUser({ role: "member", body: newShareLinkSchema }, async ({ request, user, body }) => {
  const { token, view } = await createShareLink(user, body);
  const url = `${gatewayOriginOf(request.headers, new URL(request.url).host)}/s/${token}`;
  return Response.json({ url, link: view }, { status: 201 });
});
