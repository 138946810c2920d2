// A server's process tree as Linux's /proc shows it: the CPU it has used and the memory it holds. Benches judge
// the server from outside, so the figures include the launcher's front and any child Next starts.
import { readdirSync, readFileSync } from "node:fs";

interface Proc {
  pid: number;
  ppid: number;
  /** utime + stime, in clock ticks (USER_HZ, 100 a second on Linux). */
  ticks: number;
}

function processes(): Proc[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // Fields after the command's closing parenthesis: state ppid … utime (14th) stime (15th).
        const rest = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        return [{ pid: Number(pid), ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) }];
      } catch {
        return []; // ended meanwhile
      }
    });
}

/** The pids of `root` and all its descendants. */
export function processTree(root: number, all: Proc[] = processes()): number[] {
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) if (tree.has(p.ppid) && !tree.has(p.pid)) grew = tree.add(p.pid).size > 0;
  }
  return [...tree];
}

/** CPU seconds `root` and its children have used. */
export function cpuSeconds(root: number): number {
  const all = processes();
  const tree = new Set(processTree(root, all));
  return all.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / 100;
}

/** Resident memory of `root` and its children, in bytes (VmRSS). */
export function rssBytes(root: number): number {
  return processTree(root).reduce((sum, pid) => {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      return sum + Number(kb ?? 0) * 1024;
    } catch {
      return sum;
    }
  }, 0);
}
