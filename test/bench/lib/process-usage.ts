/**
 * Where a machine's CPU went over a span, from /proc (Linux): the processes of a tree each (the
 * app's main process and its programs, Chromium's browser and renderers), everything else on the
 * machine as one figure. Says whether a slow frame waited for our own work or for a core other work
 * held.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ: 100 on every Linux Node runs on

interface Proc {
  pid: number;
  ppid: number;
  name: string;
  ticks: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces: the fields after the last ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return { pid, ppid: Number(fields[1]), name: processName(cmdline), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // gone meanwhile
  }
}

/** What a process is, in a word: a Chromium process's --type, a Node program's script name. */
function processName(cmdline: string[]): string {
  // Chromium rewrites its processes' titles: their arguments may come as one string.
  const type = /--type=(\S+)/.exec(cmdline.join(' '));
  if (type) return `chromium ${type[1]}`;
  if (/chrom/.test(cmdline[0] ?? '')) return 'chromium browser';
  const script = cmdline.slice(1).find((arg) => /\.(c|m)?js$/.test(arg));
  return script ? (script.split('/').pop() ?? script) : (cmdline[0]?.split('/').pop() ?? '?');
}

function allProcs(): Proc[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProc(Number(entry)))
    .filter((proc): proc is Proc => proc !== null);
}

/** The processes under `roots` (the roots included). */
function tree(procs: Proc[], roots: readonly number[]): Proc[] {
  const inside = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const proc of procs) {
      if (inside.has(proc.pid) || !inside.has(proc.ppid)) continue;
      inside.add(proc.pid);
      grew = true;
    }
  }
  return procs.filter((proc) => inside.has(proc.pid));
}

function machineTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1, 9).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait
  return cpu.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
}

export interface CpuSpan {
  /** Cores used over the span (1 = one core all the time) per kind of process of the trees, most first. */
  ours: { name: string; cores: number }[];
  /** Cores used by every other process on the machine. */
  othersCores: number;
  seconds: number;
}

/** Starts counting; `end()` answers the cores the processes of the trees under `roots` (by name), and all the others, used meanwhile. */
export function cpuSpan(roots: readonly number[]): { end(): CpuSpan } {
  const started = performance.now();
  const before = new Map(tree(allProcs(), roots).map((proc) => [proc.pid, proc.ticks]));
  const machineBefore = machineTicks();
  return {
    end() {
      const seconds = (performance.now() - started) / 1000;
      const byName = new Map<string, number>();
      let oursTicks = 0;
      for (const proc of tree(allProcs(), roots)) {
        const used = proc.ticks - (before.get(proc.pid) ?? 0);
        oursTicks += used;
        byName.set(proc.name, (byName.get(proc.name) ?? 0) + used);
      }
      const cores = (ticks: number) => ticks / TICKS_PER_S / seconds;
      return {
        ours: [...byName].map(([name, ticks]) => ({ name, cores: cores(ticks) })).filter((entry) => entry.cores >= 0.01).sort((a, b) => b.cores - a.cores),
        othersCores: Math.max(0, cores(machineTicks() - machineBefore - oursTicks)),
        seconds,
      };
    },
  };
}

/** The processes of the trees under `roots` whose name passes `which` (for report.ts's peakRssMb). */
export function processesUnder(roots: readonly number[], which: (name: string) => boolean): number[] {
  return tree(allProcs(), roots)
    .filter((proc) => which(proc.name))
    .map((proc) => proc.pid);
}
