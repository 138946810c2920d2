import { z } from "zod";

// Second factor: what its routes take (client-safe; the views pages show are in second-factor-views.ts, zod-free).

/** A WebAuthn answer is the browser's JSON; @simplewebauthn/server reads it field by field and refuses what is off. */
const webauthnAnswer = z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= 20_000, "Too large.");

export const newPasskeySchema = z.object({
  challengeId: z.string().min(1).max(100),
  response: webauthnAnswer,
  name: z.string().trim().min(1, "Give the passkey a name.").max(60, "Use at most 60 characters."),
});

export const passkeySignInSchema = z.object({
  challengeId: z.string().min(1).max(100),
  response: webauthnAnswer,
});

export const secondFactorRuleSchema = z.object({ required: z.enum(["off", "admins", "everyone"]) });
