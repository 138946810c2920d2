import { withUser } from "@/lib/http/handler";
import { linkOrigin } from "@/lib/http/public-origin";
import { newShareLinkSchema } from "@/lib/schemas/new-share-link";
import { createShareLink, shareLinksOf } from "@/lib/shares/links";

// Share links: the live ones a member answers for (theirs, and others' links to their boards and tasks; an
// admin's: everyone's), and a new one, whose URL is answered once (only its hash is kept). Viewers cannot share.
export const GET = withUser({ role: "member" }, async ({ user }) => Response.json({ links: await shareLinksOf(user) }));

export const POST = withUser({ role: "member", body: newShareLinkSchema }, async ({ request, user, body }) => {
  const { token, view } = await createShareLink(user, body);
  // The browser's own origin unless PUBLIC_BASE_URL says otherwise; `localOnly`: the panel says it opens here only.
  const { origin, localOnly } = linkOrigin(request.headers, new URL(request.url).host);
  return Response.json({ url: `${origin}/s/${token}`, localOnly, link: view }, { status: 201 });
});
