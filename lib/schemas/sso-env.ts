// SSO_PROVIDERS, the environment's providers: a JSON array of what Settings takes, each with its id and secret.
// Read by lib/env.ts only (kept here beside the Settings schema so both say the same).
import { z } from "zod";
import { ssoIdSchema, ssoProviderInputSchema } from "./sso";

const envProvider = ssoProviderInputSchema.extend({
  id: ssoIdSchema,
  clientSecret: z.string({ error: "needs its clientSecret" }).min(1, "needs its clientSecret"),
});

export type EnvSsoProvider = z.infer<typeof envProvider>;

export const ssoProvidersFromEnv = z.preprocess(
  (value, context) => {
    if (typeof value !== "string" || value.trim() === "") return [];
    try {
      return JSON.parse(value);
    } catch {
      context.addIssue({ code: "custom", message: 'must be a JSON array such as [{"id":"keycloak","label":"Keycloak",…}]' });
      return z.NEVER;
    }
  },
  z
    .array(envProvider, { error: "must be a JSON array of providers" })
    .refine((providers) => new Set(providers.map((provider) => provider.id)).size === providers.length, "lists one id twice"),
);
