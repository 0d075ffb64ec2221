/**
 * The one way a benchmark reports a figure: a line `BENCH <benchmark> <figure>=<number> <unit>` on stdout.
 * The runner (test/bench/run.ts) collects these lines into test/bench/results/latest.json.
 */
export function reporter(benchmark: string) {
  return function report(figure: string, value: number, unit: string): void {
    if (!/^[a-z0-9_]+$/.test(figure)) throw new Error(`figure name must be snake_case: ${figure}`);
    const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 3 : 1);
    process.stdout.write(`BENCH ${benchmark} ${figure}=${shown} ${unit}\n`);
  };
}

export type Report = ReturnType<typeof reporter>;

/** Peak resident set size of this process so far, in MB (Linux reads VmHWM; elsewhere the current RSS). */
export async function peakRssMb(pid: number = process.pid): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    if (match) return Number(match[1]) / 1024;
  } catch {
    // not Linux, or the process is gone: fall through
  }
  return process.memoryUsage().rss / (1024 * 1024);
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
