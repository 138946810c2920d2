// Calls the app's route handlers the way Next does (a Request and a params promise), with a session
// cookie jar per member, against the real database and better-auth. No HTTP server needed.
import { getAuth } from "@/lib/auth/auth";
import { migrate } from "@/lib/migrate";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export const ORIGIN = "http://localhost:3000";

export async function migrated(): Promise<void> {
  await migrate();
}

export interface Call {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  raw?: string;
  cookie?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function call(handler: Handler, path: string, { method = "GET", body, raw, cookie, params = {}, headers = {} }: Call = {}) {
  const init: RequestInit = {
    method,
    headers: {
      origin: ORIGIN,
      ...(body !== undefined || raw !== undefined ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : raw !== undefined ? { body: raw } : {}),
  };
  const response = await handler(new Request(`${ORIGIN}${path}`, init), { params: Promise.resolve(params) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, json: json as Record<string, any>, headers: response.headers };
}

/** Signs in through better-auth's own endpoint and returns the Cookie header to send. */
export async function signIn(email: string, password: string, ip = "203.0.113.1"): Promise<string> {
  const response = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

export function cookieHeader(response: { headers: Headers }): string {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}
