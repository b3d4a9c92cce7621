import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not merge conflicting Tailwind classes (tailwind-merge weighed 8 KB on every page):
 * primitives offer variants and sizes instead, and callers add only classes the base does not set.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
