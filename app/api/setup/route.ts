import { authFor } from "@/lib/auth/auth";
import { createFirstAdmin } from "@/lib/auth/members";
import { withPublic } from "@/lib/http/handler";
import { setupSchema } from "@/lib/members/schemas";

// First run only: creates the first admin and signs them in. Answers 409 once anyone exists.
export const POST = withPublic({ body: setupSchema }, async ({ request, body }) => {
  const admin = await createFirstAdmin(body, request.headers);
  const signIn = await authFor(request.headers).api.signInEmail({
    body: { email: body.email, password: body.password },
    headers: request.headers,
    asResponse: true,
  });
  const headers = new Headers({ "Content-Type": "application/json" });
  for (const cookie of signIn.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(JSON.stringify({ member: admin }), { status: 201, headers });
});
