import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names and lets later Tailwind classes override earlier ones (`px-2` then `px-4`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}

/**
 * Builds tailwind-merge's class map, which its first call otherwise builds: ~60 ms on a phone
 * (4× slowdown), inside the first render of whatever page draws first. The app's start calls this
 * in a task of its own (issue 21).
 */
export function prepareClassNames(): void {
  twMerge('')
}
