import { Badge } from "@/components/ui/badge";
import { ROLE_INFO, type Role } from "@/lib/members/roles";

const VARIANT = { admin: "primary", member: "default", viewer: "outline" } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={VARIANT[role]}>{ROLE_INFO[role].label}</Badge>;
}
