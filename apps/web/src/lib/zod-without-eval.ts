/**
 * Zod compiles object schemas with `new Function` when it may, and finds out whether it may by
 * trying: under the app's Content-Security-Policy (no 'unsafe-eval') every try is a policy
 * violation. Its global configuration is read from `globalThis.__zod_globalConfig`, so this
 * module, imported before anything else, tells it not to try (its interpreted parsing is what
 * it falls back to anyway).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true }
