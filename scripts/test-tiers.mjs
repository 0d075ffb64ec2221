// `node scripts/test-tiers.mjs quick|all`: the test tiers (test/tiers.ts) in order, then a table of
// the time each took and the load average when it ended. `quick` (npm run test:quick) is the inner
// loop: the static checks and the unit tier at once. `all` (npm test) adds the integration, stress
// and end-to-end tiers one after another. A tier that fails does not stop the next: one run says
// everything that is wrong (and the table what each tier took); the exit status is 1 if any failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const cache = (name) => join(root, 'node_modules', '.cache', 'draftdeck', name);
const vitest = (...projects) => [bin('vitest'), 'run', ...projects.flatMap((name) => ['--project', name])];

const STEPS = {
  typecheck: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', cache('tsc.tsbuildinfo')],
  lint: [bin('eslint'), '--cache', '--cache-location', cache('eslint/'), '.'],
  'lint:deps': [bin('depcruise'), '--config', '.dependency-cruiser.cjs', '--output-type', 'err', '.'],
  unit: vitest('unit', 'unit-isolated'),
  integration: vitest('integration'),
  stress: vitest('stress'),
  build: [process.execPath, 'scripts/build.mjs'],
  'end-to-end': [bin('playwright'), 'test'],
};

/** Groups run one after another; the steps of a group run at once (their output held until each ends). */
const PLANS = {
  quick: [['typecheck', 'lint', 'lint:deps', 'unit']],
  all: [['typecheck', 'lint', 'lint:deps', 'unit'], ['integration'], ['stress'], ['build'], ['end-to-end']],
};

function run(name, held) {
  const [command, ...args] = STEPS[name];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (held) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (held) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, ok: code === 0, status: signal ?? code, seconds, load: loadavg()[0] });
    });
  });
}

const fmt = (n, digits) => n.toFixed(digits).padStart(7);

/**
 * CPU seconds (user + system) of the children this process has waited for, from /proc (Linux;
 * null elsewhere): a figure that does not depend on how busy the machine is, unlike the wall time.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat(5), cutime and cstime, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** One row a step (wall time, load when it ended); the CPU a group of steps used, on its last row. */
function table(results, total, totalCpu) {
  const lines = ['', 'tier/step      result       time (s)  load (1 min)  cpu (s)'];
  const cpu = (value) => (value === null || value === undefined ? '' : fmt(value, 1));
  for (const r of results) lines.push(`${r.name.padEnd(14)} ${(r.ok ? 'passed' : `FAILED (${r.status})`).padEnd(12)} ${fmt(r.seconds, 1)}  ${fmt(r.load, 2).padEnd(12)}  ${cpu(r.groupCpu)}`);
  lines.push(`${'total'.padEnd(14)} ${''.padEnd(12)} ${fmt(total, 1)}  ${fmt(loadavg()[0], 2).padEnd(12)}  ${cpu(totalCpu)}   (${availableParallelism()} cores)`);
  return lines.join('\n');
}

const planName = process.argv[2] ?? 'all';
const plan = PLANS[planName];
if (!plan) {
  process.stderr.write(`test-tiers: unknown plan ${planName} (quick or all)\n`);
  process.exit(2);
}
const started = performance.now();
const cpuAtStart = childCpuSeconds();
const results = [];
let failed = false;
for (const steps of plan) {
  const cpuBefore = childCpuSeconds();
  const done = await Promise.all(steps.map((name) => run(name, steps.length > 1)));
  const cpuAfter = childCpuSeconds();
  done.at(-1).groupCpu = cpuBefore === null ? null : cpuAfter - cpuBefore;
  results.push(...done);
  failed ||= done.some((r) => !r.ok);
}
const cpuAtEnd = childCpuSeconds();
process.stdout.write(`${table(results, (performance.now() - started) / 1000, cpuAtStart === null ? null : cpuAtEnd - cpuAtStart)}\n`);
process.exit(failed ? 1 : 0);
