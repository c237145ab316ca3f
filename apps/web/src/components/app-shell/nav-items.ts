import type { LinkProps } from '@tanstack/react-router'
import { Bookmark, Coins, FileUser, Layers, type LucideIcon, Mic, UserRound } from 'lucide-react'

/** One area of the app in the shell's navigation. */
export type AppNavItem = {
  /** The area's first page; the item is current on it and on every page below it. */
  to: NonNullable<LinkProps['to']>
  /** Short: six of them share a 360 px tab bar. */
  label: string
  icon: LucideIcon
  /** What waits there, counted on the tab (issue 19): a key of `GET /api/badges`. */
  badge?: 'reviewInbox' | 'interviewsToday'
}

/**
 * The app's areas, in the order the navigation shows them: the bottom tab bar on phones, the
 * side navigation on wide screens. Adding an area (Practice, Resume, Credits as their issues
 * land) is one line here; the bar is laid out for six.
 */
export const APP_NAV_ITEMS = [
  { to: '/jobs', label: 'Jobs', icon: Layers },
  { to: '/applications', label: 'Saved', icon: Bookmark, badge: 'reviewInbox' },
  { to: '/interviews', label: 'Practice', icon: Mic, badge: 'interviewsToday' },
  { to: '/resume', label: 'Resume', icon: FileUser },
  { to: '/credits', label: 'Credits', icon: Coins },
  { to: '/account', label: 'Account', icon: UserRound },
] as const satisfies readonly AppNavItem[]
