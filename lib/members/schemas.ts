// Team members: roles and the schemas that validate the sign-in, setup and member forms on the
// client and the same requests again in the route handlers. Client-safe: no server imports.
import { z } from "zod";
import { ROLES, type Role } from "./roles";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

// A display name is one line of text, shown in lists, exports and the audit log: no control characters
// (C0 with line breaks and tabs, DEL, C1), checked before trimming so none is dropped silently. Postgres
// cannot store NUL in text at all.
export const NAME_CONTROL_MESSAGE = "A name cannot contain control characters (line breaks, tabs, NUL and the like).";
const name = z
  .string({ error: "Enter a name." })
  .refine((value) => !/\p{Cc}/u.test(value), NAME_CONTROL_MESSAGE)
  .trim()
  .min(1, "Enter a name.")
  .max(100, "Use at most 100 characters.");
const email = z
  .string({ error: "Enter an email address." })
  .trim()
  .min(1, "Enter an email address.")
  .max(254, "An email address has at most 254 characters.")
  .pipe(z.email("Enter a valid email address, like name@example.com."))
  .transform((value) => value.toLowerCase());
const newPassword = z
  .string({ error: "Enter a password." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);
export const roleSchema = z.enum(ROLES, { error: "Choose admin, member or viewer." });

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`),
});

export const setupSchema = z.object({
  name,
  email,
  password: newPassword,
  // Asked for only when Darkroom listens beyond loopback (the server log prints it); checked on the server.
  setupToken: z.string().trim().max(200, "The setup token has at most 200 characters.").optional(),
});

/** What members may change about themselves (better-auth's update-user): the display name, nothing else. */
export const profileSchema = z.strictObject(
  { name },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "Only the name can be changed here; ask an admin for anything else."
        : "Send an object with a name.",
  },
);

export const newMemberSchema = z.object({ name, email, password: newPassword, role: roleSchema });

export const memberPatchSchema = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((patch) => patch.role !== undefined || patch.disabled !== undefined, "Send a role or disabled.");

export type SignInInput = z.infer<typeof signInSchema>;
export type SetupInput = z.infer<typeof setupSchema>;
export type NewMemberInput = z.infer<typeof newMemberSchema>;
export type MemberPatch = z.infer<typeof memberPatchSchema>;

/** A member as the API returns it. */
export interface Member {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
}
