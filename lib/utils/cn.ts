import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

// Joins conditional class names, then lets tailwind-merge drop the earlier of two conflicting
// utilities, so a caller's `className="px-6"` really overrides a primitive's default padding.
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
