import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. It does not resolve conflicts (`px-2` after `px-4` does not win: the stylesheet's order
 * decides), so a component never lets a caller's classes fight its own: what a caller may change is a prop
 * (a variant, a size, a placement), and the rest of `className` only adds. A merging library would cost every
 * page ~7 KiB.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
