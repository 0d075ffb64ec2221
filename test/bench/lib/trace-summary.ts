/**
 * What a Chromium performance trace (Playwright's browser.startTracing, the devtools timeline
 * categories) says the page's main thread spent its time on: per kind of work (script, style,
 * layout, paint, garbage collection, …) the time of the top-level slices of its tasks, and how
 * busy the thread was over the traced span. Work outside the main thread (the compositor, raster,
 * the GPU process) is counted per thread as busy time.
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the slice (dur is wall time: it includes time the thread waited for a core). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

export interface TraceSummary {
  spanMs: number;
  mainBusyMs: number;
  /** CPU time of the main thread's tasks: far below mainBusyMs, the thread was ready but waiting for a core. */
  mainCpuMs: number;
  /** Top-level work inside the main thread's tasks, by kind, most first. */
  mainByKind: { kind: string; ms: number }[];
  /** Busy time of every thread that worked, by its name, most first. */
  threads: { thread: string; busyMs: number }[];
  longestTaskMs: number;
}

/** Trace event names grouped as the DevTools Performance panel does. */
const KINDS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.callFunction': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script (rAF)',
  EventDispatch: 'script (events)',
  'V8.GC_SCAVENGER': 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  UpdateLayoutTree: 'style',
  ScheduleStyleRecalculation: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'commit',
  HitTest: 'hit test',
  ParseHTML: 'parse',
  ScrollLayer: 'scroll',
};

export function summarizeTrace(events: readonly TraceEvent[]): TraceSummary {
  const threadNames = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
  const complete = events.filter((event) => event.ph === 'X' && event.dur !== undefined);
  const start = Math.min(...complete.map((event) => event.ts));
  const end = Math.max(...complete.map((event) => event.ts + event.dur!));

  // Busy time per thread: the union of its top-level slices.
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of complete) {
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key);
    if (list) list.push(event);
    else byThread.set(key, [event]);
  }
  const threads: TraceSummary['threads'] = [];
  let main: TraceEvent[] = [];
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let busy = 0;
    let reach = -Infinity;
    for (const event of list) {
      const from = Math.max(event.ts, reach);
      const to = event.ts + event.dur!;
      if (to > from) busy += to - from;
      reach = Math.max(reach, to);
    }
    const name = threadNames.get(key) ?? key;
    const found = threads.find((thread) => thread.thread === name);
    if (found) found.busyMs += busy / 1000;
    else threads.push({ thread: name, busyMs: busy / 1000 });
    if (name === 'CrRendererMain' && list.length > main.length) main = list;
  }
  threads.sort((a, b) => b.busyMs - a.busyMs);

  // Inside each task (RunTask), its direct children by kind (main is sorted by start, longest first).
  const byKind = new Map<string, number>();
  let mainBusy = 0;
  let mainCpu = 0;
  let longest = 0;
  const isTask = (event: TraceEvent) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask';
  let task: TraceEvent | null = null;
  let covered = 0;
  for (const event of main) {
    const inTask = task !== null && event.ts < task.ts + task.dur!;
    if (!inTask && isTask(event)) {
      task = event;
      covered = event.ts;
      mainBusy += event.dur!;
      mainCpu += event.tdur ?? 0;
      longest = Math.max(longest, event.dur!);
      continue;
    }
    if (!inTask || event.ts < covered) continue;
    const kind = KINDS[event.name] ?? `other (${event.name})`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + event.dur!);
    covered = event.ts + event.dur!;
  }
  return {
    spanMs: (end - start) / 1000,
    mainBusyMs: mainBusy / 1000,
    mainCpuMs: mainCpu / 1000,
    mainByKind: [...byKind].map(([kind, us]) => ({ kind, ms: us / 1000 })).sort((a, b) => b.ms - a.ms),
    threads: threads.slice(0, 8),
    longestTaskMs: longest / 1000,
  };
}
