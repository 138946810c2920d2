// The browser's calls for sessions and the second factor: Darkroom's routes through fetchJson, better-auth's
// endpoints (an authenticator app, passkey sign-in) through authPost, which reads their `{ code, message }` shape.
import type { PasskeyView } from "@/lib/schemas/second-factor-views";
import { fetchJson } from "./fetch-json";
import { useMutation } from "./react";

type Browser = typeof import("@simplewebauthn/browser");
type RegistrationOptions = Parameters<Browser["startRegistration"]>[0]["optionsJSON"];
type AuthenticationOptions = Parameters<Browser["startAuthentication"]>[0]["optionsJSON"];

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

export async function authPost<T>(endpoint: string, body: unknown = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${endpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthError(0, "network", "Could not reach Darkroom. Check your connection and try again.");
  }
  const parsed = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!response.ok) {
    const message =
      parsed?.message || (response.status === 429 ? "Too many attempts: wait a moment and try again." : "That did not work. Try again.");
    throw new AuthError(response.status, parsed?.code ?? "error", message);
  }
  return parsed as T;
}

export const endSession = (id: string) => fetchJson(`/api/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
export const endOtherSessions = () => fetchJson<{ ended: number }>("/api/sessions", { method: "DELETE" });
export const endMemberSessions = (id: string) =>
  fetchJson<{ ended: number }>(`/api/members/${encodeURIComponent(id)}/sessions`, { method: "DELETE" });
export const resetMemberSecondFactor = (id: string) =>
  fetchJson(`/api/members/${encodeURIComponent(id)}/second-factor`, { method: "DELETE" });
export const removePasskey = (id: string) => fetchJson(`/api/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
export const setSecondFactorRule = (required: string) =>
  fetchJson<{ required: string }>("/api/settings/second-factor", { method: "PUT", json: { required } });

/** Registers a passkey on this device: a challenge from Darkroom, the browser's dialog, the answer checked. */
export async function addPasskey(name: string): Promise<PasskeyView> {
  const { challengeId, options } = await fetchJson<{ challengeId: string; options: RegistrationOptions }>("/api/passkeys/options", {
    method: "POST",
  });
  const { startRegistration } = await import("@simplewebauthn/browser");
  const response = await startRegistration({ optionsJSON: options });
  return (await fetchJson<{ passkey: PasskeyView }>("/api/passkeys", { method: "POST", json: { challengeId, response, name } })).passkey;
}

/** Signs in with a passkey of this device (no email or password asked). */
export async function signInWithPasskey(): Promise<void> {
  const { challengeId, options } = await authPost<{ challengeId: string; options: AuthenticationOptions }>("/passkey/sign-in-options");
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const response = await startAuthentication({ optionsJSON: options });
  await authPost("/passkey/sign-in", { challengeId, response });
}

/** A mutation over one of the calls above, for a button's pending and error states. */
export function useCall<V, T>(call: (variables: V) => Promise<T>) {
  return useMutation({ mutationFn: call });
}

/** What a failed passkey ceremony means to a person: the browser's own refusals in words. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name === "NotAllowedError") return "The passkey request was cancelled or timed out.";
  if (error instanceof Error && error.name === "InvalidStateError") return "This device already has a passkey for your account.";
  return error instanceof Error ? error.message : "The passkey did not work. Try again.";
}
