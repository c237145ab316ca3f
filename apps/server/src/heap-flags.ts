import type { Config } from './platform/config.ts'

/**
 * The V8 heap flags of a supervised process (issue 21, docs/performance.md). Left to itself,
 * V8 sizes the heap of a busy process generously: under sustained /rest/v1 load an HTTP
 * process grew from ~240 MB to a ~570 MB plateau RSS, of which 128 MB was the young generation
 * grown to its largest and most of the rest old-space garbage not yet collected (its live heap
 * stayed under 100 MB). A small semi-space (every process) and an old-space bound (HTTP
 * processes; the background process runs larger jobs) keep the garbage collected instead.
 */
export function heapFlags(
  config: Pick<Config, 'NODE_MAX_SEMI_SPACE_MB' | 'HTTP_MAX_OLD_SPACE_MB'>,
  role: 'http' | 'jobs',
): string[] {
  const flags: string[] = []
  if (config.NODE_MAX_SEMI_SPACE_MB > 0) {
    flags.push(`--max-semi-space-size=${config.NODE_MAX_SEMI_SPACE_MB}`)
  }
  if (role === 'http' && config.HTTP_MAX_OLD_SPACE_MB > 0) {
    flags.push(`--max-old-space-size=${config.HTTP_MAX_OLD_SPACE_MB}`)
  }
  return flags
}

/**
 * The environment a supervised process starts with beside the supervisor's: glibc reads
 * `MALLOC_ARENA_MAX` once, at start-up. Fewer malloc arenas keep a busy process's native memory
 * (sockets, TLS, the threads' allocations) from spreading over many half-used arenas.
 */
export function processEnv(config: Pick<Config, 'MALLOC_ARENA_MAX'>): Record<string, string> {
  return config.MALLOC_ARENA_MAX > 0 ? { MALLOC_ARENA_MAX: String(config.MALLOC_ARENA_MAX) } : {}
}
