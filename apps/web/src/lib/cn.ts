/**
 * Joins class names, skipping falsy values, and lets a later Tailwind class win over an earlier
 * one of the same kind (`cn('px-5', 'px-3')` → `px-3`), so components can take overrides.
 */
import { type ClassNameValue, twMerge } from 'tailwind-merge';

export function cn(...classes: ClassNameValue[]): string {
  return twMerge(...classes);
}
