// CPU readings from /proc (Linux): what a process, its threads and PostgreSQL's processes have spent.
import fs from 'node:fs';

/** CPU seconds (user + system) of a process, from /proc (clock ticks of 10 ms). */
function cpuSecondsOf(processId: string): number {
  const fields = fs.readFileSync(`/proc/${processId}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of a process's main (JavaScript) thread, and of its other threads (argon2 runs on threads of its own). */
export function threadCpuSecondsOf(processId: string): { main: number; others: number } {
  let all = 0;
  for (const tid of fs.readdirSync(`/proc/${processId}/task`)) all += cpuSecondsOf(`${processId}/task/${tid}`);
  const main = cpuSecondsOf(`${processId}/task/${processId}`);
  return { main, others: all - main };
}

/**
 * CPU seconds of each of the PostgreSQL server's processes, by pid: its background ones and the backends of
 * `database` (the API's; other databases' work on a shared machine is left out).
 */
export function postgresCpuSeconds(database: string): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      // A backend's title is 'postgres: 15/main: USER DATABASE HOST(PORT) STATE', or '… DATABASE [local] STATE'
      // over the Unix socket; an autovacuum worker's ends in its database's name.
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const backend =
        /: \S+ (\S+) (?:[\d.:a-f[\]]+\(\d+\)|\[local\])/.exec(title) ?? /autovacuum worker (\S+)/.exec(title);
      if (!backend || backend[1] === database) byPid.set(entry, cpuSecondsOf(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byPid;
}

/**
 * What PostgreSQL's processes spent between two readings. A process that ended meanwhile (an autovacuum
 * worker, say) is left out rather than subtracted: its last CPU reading is lost with it.
 */
export function postgresCpuSince(before: Map<string, number>, database: string): number {
  let total = 0;
  for (const [processId, seconds] of postgresCpuSeconds(database)) total += seconds - (before.get(processId) ?? 0);
  return total;
}
