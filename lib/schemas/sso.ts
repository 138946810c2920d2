// Client-safe schemas of the single sign-on settings: the Settings card's form and its routes share them.
import { z } from "zod";
// Relative, as lib/env.ts reads this file: the launcher loads it outside the bundler, where "@/" means nothing.
import { ROLES } from "../members/roles";

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const list = (what: string, check?: (value: string) => boolean, rule = "") =>
  z
    .array(z.string().trim().toLowerCase().max(200, `Each ${what} has at most 200 characters.`), { error: `List the ${what}s.` })
    .max(100, `At most 100 ${what}s.`)
    .transform((values) => [...new Set(values.filter(Boolean))])
    .refine((values) => !check || values.every(check), `Each ${what} must be ${rule}.`);

const groupList = z
  .array(z.string().trim().max(200, "Each group has at most 200 characters."))
  .max(100, "At most 100 groups per role.")
  .transform((values) => [...new Set(values.filter(Boolean))]);

export const SSO_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

export const ssoIdSchema = z
  .string()
  .regex(SSO_ID, "A provider's id is 1 to 32 lowercase letters, digits or hyphens (it appears in the redirect URL).");

/** A provider as an admin sets it up. `clientSecret` left out or empty keeps the stored one. */
export const ssoProviderInputSchema = z.object({
  label: z
    .string({ error: "Enter the button's label." })
    .trim()
    .min(1, "Enter the button's label.")
    .max(60, "A label has at most 60 characters."),
  issuer: z
    .url({ protocol: /^https?$/, error: "Enter the issuer's URL, such as https://sso.example.com/realms/team." })
    .max(500, "An issuer URL has at most 500 characters.")
    .transform((url) => url.replace(/\/+$/, "")),
  clientId: z
    .string({ error: "Enter the client id." })
    .trim()
    .min(1, "Enter the client id.")
    .max(500, "A client id has at most 500 characters."),
  clientSecret: z.string().max(2000, "A client secret has at most 2,000 characters.").optional(),
  scopes: z
    .string()
    .trim()
    .max(500, "At most 500 characters of scopes.")
    .refine((value) => value === "" || value.split(/\s+/).includes("openid"), "The scopes must include openid.")
    .optional(),
  allowedDomains: list("domain", (value) => DOMAIN.test(value), "a domain name such as example.com").refine(
    (values) => values.length > 0,
    "List at least one allowed email domain (such as example.com).",
  ),
  defaultRole: z.enum(ROLES, { error: "Choose viewer, member or admin." }).default("viewer"),
  groupsClaim: z
    .string()
    .trim()
    .max(100, "A claim name has at most 100 characters.")
    .nullish()
    .transform((value) => value || null),
  groupRoles: z
    .object({ admin: groupList.default([]), member: groupList.default([]), viewer: groupList.default([]) })
    .default({ admin: [], member: [], viewer: [] }),
  groupsOnly: z.boolean().default(false),
});

export type SsoProviderInput = z.infer<typeof ssoProviderInputSchema>;

export const passwordPolicySchema = z.object({
  passwords: z.enum(["everyone", "admins"], { error: "Choose everyone or admins." }),
});

export const DEFAULT_SSO_SCOPES = "openid email profile";
