/**
 * A section stays marked on its sub-pages (Settings on /settings/members); "/" only on itself. Apart from
 * nav-items.ts so the browser's NavLink does not carry the items' icons.
 */
export function isCurrent(href: string, pathname: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}
