import { readdirSync, readFileSync } from 'node:fs'
import type pg from 'pg'

/**
 * Where a measurement's CPU went, per operation: the benchmark's own process (the client), the
 * server's HTTP process and PostgreSQL (its postmaster and every backend), from Linux /proc.
 * On a machine whose two CPUs the three share, throughput is bounded by their sum; these say
 * which part a ratio is made of.
 */
export type CpuPerOperation = { clientUs: number; serverUs: number; databaseUs: number }

/** The processes whose CPU time is counted: the server's HTTP process and the postmaster. */
export type CpuWatch = { serverPid?: number; postmasterPid: number }

const TICK_MS = 10 // USER_HZ is 100 on Linux

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null // the process ended while it was read
  }
}

/** User plus system CPU time of a process so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const fields = statFields(pid)
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0
}

/**
 * CPU time of a process and its children (a postmaster and its backends), in milliseconds:
 * the live children's, and the ended ones' that the parent has collected (cutime, cstime).
 */
function treeCpuMs(rootPid: number): number {
  const root = statFields(rootPid)
  let total = root
    ? (Number(root[11]) + Number(root[12]) + Number(root[13]) + Number(root[14])) * TICK_MS
    : 0
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && statFields(Number(entry))?.[1] === String(rootPid)) {
      total += cpuMs(Number(entry))
    }
  }
  return total
}

/** The postmaster of the database `db` connects to (the parent of its backends). */
export async function postmasterPid(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid')
  const parent = Number(statFields(rows[0]?.pid ?? 0)?.[1])
  if (!parent) {
    throw new Error('the database server is not on this machine: its CPU cannot be counted')
  }
  return parent
}

/** Starts counting; the function returned gives the CPU per operation since. */
export function startCpuCount(watch: CpuWatch): (operations: number) => CpuPerOperation {
  const client = process.cpuUsage()
  const server = watch.serverPid ? cpuMs(watch.serverPid) : 0
  const database = treeCpuMs(watch.postmasterPid)
  return (operations) => {
    const used = process.cpuUsage(client)
    const per = (ms: number) => (operations ? (ms * 1000) / operations : Number.NaN)
    return {
      clientUs: per((used.user + used.system) / 1000),
      serverUs: watch.serverPid ? per(cpuMs(watch.serverPid) - server) : 0,
      databaseUs: per(treeCpuMs(watch.postmasterPid) - database),
    }
  }
}
