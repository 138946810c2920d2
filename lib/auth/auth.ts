import "server-only";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { database } from "@/lib/db";
import { isUserActive } from "@/lib/db/users";
import { hashPassword, verifyPassword } from "./password";
import { authSecret } from "./secret";
import { forgetSession } from "./session-cache";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/members/schemas";

export const SIGN_IN_LIMIT = { window: 60, max: 10 } as const;

/** The request's own origin (and the one a reverse proxy says it serves): sign-in is same-origin only. */
function ownOrigins(request?: Request): string[] {
  if (!request) return [];
  const origins = [new URL(request.url).origin];
  const host = request.headers.get("x-forwarded-host");
  if (host) origins.push(`${request.headers.get("x-forwarded-proto") ?? "https"}://${host}`);
  return origins;
}

function options(): BetterAuthOptions {
  const { db, dialect } = database();
  return {
    secret: authSecret(),
    // No fixed baseURL: a self-hosted dashboard answers on whatever host it is reached by and sends no
    // emails or OAuth callbacks that would need one. (A wildcard allowedHosts would also trust every origin.)
    // better-auth's warnings about that, and about each wrong password, are not worth a log line.
    logger: { level: "error" },
    database: { db, type: dialect },
    trustedOrigins: ownOrigins,
    // Explicit, because better-auth turns origin checks off when it detects a test runner: tests check what production does.
    advanced: { disableOriginCheck: false },
    emailAndPassword: {
      enabled: true,
      // Members are added by admins and the first admin by the setup page: nobody signs themselves up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    // No cookie cache: lib/auth/session-cache.ts keeps verified sessions for seconds on the server instead,
    // where disabling a member or signing out can drop them at once.
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true, // in development builds too
      storage: "database",
      window: 60,
      max: 100,
      customRules: { "/sign-in/email": SIGN_IN_LIMIT },
    },
    databaseHooks: {
      session: {
        delete: {
          async after(session) {
            forgetSession(session.token);
          },
        },
        create: {
          async before(session) {
            if (!(await isUserActive(db, { id: session.userId })))
              throw new APIError("FORBIDDEN", { message: "This account is disabled. Ask an admin to enable it." });
          },
        },
      },
    },
    plugins: [nextCookies()],
  };
}

function create() {
  return betterAuth(options());
}

let instance: ReturnType<typeof create> | undefined;

/** better-auth, built on first use so that building the app opens no database. */
export function getAuth() {
  instance ??= create();
  return instance;
}

export function authOptions(): BetterAuthOptions {
  return getAuth().options;
}
