import { Coins, Columns3, Layers, LayoutDashboard, LayoutGrid, ListChecks, Settings, Sparkles, type LucideIcon } from "lucide-react";
import { roleAtLeast, type Role } from "@/lib/members/roles";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Shown only from this role up: a page the role cannot use is not offered (the page still checks for itself). */
  minRole?: Role;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview", icon: LayoutDashboard },
  { href: "/generate", label: "Generate", icon: Sparkles, minRole: "member" },
  // Viewers too: they cannot compare, but they can open the team's comparisons (the page offers the form to members).
  { href: "/compare", label: "Compare", icon: Columns3 },
  // Viewers too: they follow the team's batches (the page offers "New batch" to members).
  { href: "/batches", label: "Batches", icon: Layers },
  { href: "/tasks", label: "Tasks", icon: ListChecks },
  { href: "/boards", label: "Boards", icon: LayoutGrid },
  { href: "/credits", label: "Credits", icon: Coins },
  { href: "/settings", label: "Settings", icon: Settings },
];

/** The navigation a role sees: viewers cannot generate, so they are not offered Generate. */
export function navItemsFor(role: Role): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => !item.minRole || roleAtLeast(role, item.minRole));
}
