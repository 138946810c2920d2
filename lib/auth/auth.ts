import "server-only";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { database } from "@/lib/db";
import { isUserActive } from "@/lib/db/users";
import { CLIENT_HEADER, requestHosts, resolveClient } from "@/lib/http/client";
import { hashPassword, verifyPassword } from "./password";
import { authSecret } from "./secret";
import { secondFactorPlugins } from "./second-factor/plugins";
import { sessionsChanged } from "./sessions-changed";
import { mayUsePassword, PASSWORDS_OFF_MESSAGE } from "./sso/passwords";
import { ssoPlugin } from "./sso/plugin";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/members/schemas";

/**
 * The request's own origins: sign-in is same-origin only. Its hosts as Darkroom decided them
 * (lib/http/client.ts: a forwarded host counts only from a trusted proxy, issue 44), over either protocol,
 * as the CSRF check compares hosts: a TLS proxy outside TRUSTED_PROXIES must not break sign-in.
 */
function ownOrigins(request?: Request): string[] {
  if (!request) return [];
  return [new URL(request.url).origin, ...requestHosts(request).flatMap((host) => [`http://${host}`, `https://${host}`])];
}

function options(secure: boolean): BetterAuthOptions {
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
    advanced: {
      disableOriginCheck: false,
      // Secure cookies over HTTPS only: a Secure cookie sent over plain HTTP (a LAN address) is dropped by the
      // browser, so sign-in would silently fail. Each protocol has its own instance and cookie name.
      useSecureCookies: secure,
      // The address Darkroom decided on (lib/http/client.ts), never a header the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_HEADER] },
    },
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
      // Sign-in has Darkroom's own limits, per address and per account, that slow rather than lock.
      customRules: { "/sign-in/email": false },
    },
    databaseHooks: {
      session: {
        delete: {
          async after() {
            await sessionsChanged();
          },
        },
        create: {
          async before(session, context) {
            if (!(await isUserActive(db, { id: session.userId })))
              throw new APIError("FORBIDDEN", { message: "This account is disabled. Ask an admin to enable it." });
            if (context?.path === "/sign-in/email" && !(await mayUsePassword(session.userId)))
              throw new APIError("FORBIDDEN", { message: PASSWORDS_OFF_MESSAGE });
          },
        },
      },
    },
    // Single sign-on's endpoints (lib/auth/sso/plugin.ts) and the second factor's; nextCookies stays last, as better-auth asks.
    plugins: [ssoPlugin(), ...secondFactorPlugins(), nextCookies()],
  };
}

function create(secure: boolean) {
  return betterAuth(options(secure));
}

const instances = new Map<boolean, ReturnType<typeof create>>();

/** better-auth, built on first use so that building the app opens no database; `secure`: for HTTPS requests. */
export function getAuth(secure = false) {
  let instance = instances.get(secure);
  if (!instance) instances.set(secure, (instance = create(secure)));
  return instance;
}

/** The instance for a request: Secure cookies when it came over HTTPS (directly or through a trusted proxy). */
export function authFor(headers: Headers) {
  return getAuth(resolveClient(headers).https);
}

export function authOptions(): BetterAuthOptions {
  return getAuth().options;
}
