import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie, setSessionCookie } from "better-auth/cookies";
import { database } from "@/lib/db";
import { countPasskeysOf } from "@/lib/db/passkeys";
import { AppError } from "@/lib/errors";
import { passkeySignInSchema } from "@/lib/schemas/second-factor";
import { signInOptions, verifySignIn } from "./passkeys";

// Darkroom's own small better-auth plugin: signing in with a passkey (better-auth makes the session and sets
// its cookie, as its own sign-ins do), and no password alone for a member whose second factor is a passkey
// (better-auth's twoFactor plugin asks an authenticator app's code of those who have one).

const STATUS = { 400: "BAD_REQUEST", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT" } as const;

/** An AppError in better-auth's shape, which its browser client reads. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const status = STATUS[error.status as keyof typeof STATUS] ?? "BAD_REQUEST";
  return new APIError(status, { message: error.message, code: error.code });
}

export const PASSKEY_ONLY_MESSAGE = "This account's second factor is a passkey: sign in with your passkey.";

export function darkroomPasskeys() {
  return {
    id: "darkroom-passkeys",
    endpoints: {
      passkeySignInOptions: createAuthEndpoint("/passkey/sign-in-options", { method: "POST" }, async (ctx) => {
        if (!ctx.request) throw new APIError("BAD_REQUEST", { message: "Call this over HTTP." });
        try {
          return ctx.json(await signInOptions(ctx.request));
        } catch (error) {
          throw asApiError(error);
        }
      }),
      passkeySignIn: createAuthEndpoint("/passkey/sign-in", { method: "POST", body: passkeySignInSchema }, async (ctx) => {
        if (!ctx.request) throw new APIError("BAD_REQUEST", { message: "Call this over HTTP." });
        let userId: string;
        try {
          userId = await verifySignIn(ctx.request, ctx.body);
        } catch (error) {
          throw asApiError(error);
        }
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) throw new APIError("UNAUTHORIZED", { message: "This passkey's account no longer exists." });
        const session = await ctx.context.internalAdapter.createSession(userId);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ signedIn: true });
      }),
    },
    hooks: {
      after: [
        {
          matcher: (context) => context.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            // null when twoFactor has taken over (an authenticator app's code comes next).
            if (!created || created.user.twoFactorEnabled) return;
            if ((await countPasskeysOf(database().db, { userId: created.user.id })) === 0) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(created.session.token);
            ctx.context.setNewSession(null);
            throw new APIError("FORBIDDEN", { message: PASSKEY_ONLY_MESSAGE, code: "PASSKEY_REQUIRED" });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
