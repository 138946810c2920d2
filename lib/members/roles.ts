// The three roles and what each may do. Kept apart from the schemas so that pages showing a role
// (the navigation, badges) do not ship zod to the browser.
export const ROLES = ["admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_INFO: Record<Role, { label: string; description: string }> = {
  admin: { label: "Admin", description: "Manages members and settings, generates, sees everything." },
  member: { label: "Member", description: "Generates and sees the team's tasks and credits." },
  viewer: { label: "Viewer", description: "Sees tasks and credits; cannot generate or spend." },
};

/** What each role may do; checked on the server wherever data is touched. */
const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2 };
export function roleAtLeast(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
}
