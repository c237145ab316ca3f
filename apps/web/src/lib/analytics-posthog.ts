/**
 * posthog-js, loaded only by `startAnalytics` (its own chunk, never in the first route's
 * bundle). What it captures (spec §2 and §9):
 * - autocapture of clicks, changes and submits (never the values typed into fields), each
 *   element's text cut at 255 characters and each attribute value at 1,024 (`analytics-limits.ts`
 *   enforces both on every event, whatever the SDK's defaults become);
 * - rage clicks: 3 clicks within 1 s within 30 px, set explicitly;
 * - a `$pageview` per router navigation (the router reports them; the SDK's own history
 *   tracking is off), with URLs stripped of their hash and query values;
 * - nothing else: no session recording, heatmaps, dead clicks, exceptions, web vitals, surveys,
 *   feature flags, remote configuration or toolbar, and no script loaded from elsewhere.
 * It stores its anonymous id in localStorage (no cookie) and forgets it on opt-out.
 */
import posthog from 'posthog-js'
import { limitEventProperties } from './analytics-limits'

/** The spec's rage click (§9), set explicitly so a change of the SDK's default cannot move it. */
export const RAGE_CLICK = { click_count: 3, timeout_ms: 1000, threshold_px: 30 } as const

/** What `analytics.ts` drives (its `AnalyticsClient`; not imported, so the chunk needs nothing of it). */
export type PostHogClient = {
  capturePageView(url: string): void
  optOut(): void
  optIn(): void
}

export function startPostHog(options: { key: string; host: string }): PostHogClient {
  posthog.init(options.key, {
    api_host: options.host,
    // Pin the SDK's defaults to a known date: a newer SDK does not change what is captured.
    defaults: '2026-05-30',
    autocapture: { capture_copied_text: false, capture_value_css_selector_allowlist: [] },
    rageclick: { ...RAGE_CLICK, content_ignorelist: false, ignore_text_selection: false },
    capture_pageview: false,
    capture_pageleave: false,
    disable_session_recording: true,
    capture_heatmaps: false,
    capture_dead_clicks: false,
    capture_exceptions: false,
    capture_performance: false,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    advanced_disable_flags: true,
    advanced_disable_toolbar_metrics: true,
    disable_external_dependency_loading: true,
    persistence: 'localStorage',
    opt_out_capturing_persistence_type: 'localStorage',
    // An opt-out also stops and clears the SDK's storage.
    opt_out_persistence_by_default: true,
    respect_dnt: true,
    person_profiles: 'identified_only',
    disable_capture_url_hashes: true,
    before_send: (event) => {
      if (!event) return null
      return {
        ...event,
        properties: limitEventProperties(event.properties),
        ...(event.$set ? { $set: limitEventProperties(event.$set) } : {}),
        ...(event.$set_once ? { $set_once: limitEventProperties(event.$set_once) } : {}),
      }
    },
  })
  return {
    capturePageView(url) {
      posthog.capture('$pageview', { $current_url: new URL(url, window.location.origin).href })
    },
    optOut() {
      posthog.opt_out_capturing()
    },
    optIn() {
      posthog.opt_in_capturing()
    },
  }
}
