// `node scripts/test-tiers.mjs quick|all`: the test tiers (test/tiers.ts), then a table of the
// time and CPU each step took and the load average when it ended. `quick` (npm run test:quick) is
// the inner loop: the static checks and the unit tier at once. `all` (npm test) runs those with the
// build, then the integration and stress tiers one after the other beside the end-to-end tier: all
// three start what they test from the built bundles, on random ports and in their own data dirs,
// and they mostly wait on their programs, so side by side they take the time of the longest. A
// tier that fails does not stop the next: one run says everything that is wrong (and the table
// what each tier took); the exit status is 1 if any failed.
import { spawn } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';
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
  integration: vitest('integration', 'integration-isolated'),
  stress: vitest('stress'),
  build: [process.execPath, 'scripts/build.mjs'],
  'end-to-end': [bin('playwright'), 'test'],
};

/**
 * Groups run one after another; the lanes of a group run at once (their output held until each
 * step ends), and the steps of a lane (an array) one after the other. The build comes before the
 * tiers that start bundles, so no two of them build at once.
 */
const PLANS = {
  quick: [['typecheck', 'lint', 'lint:deps', 'unit']],
  all: [['typecheck', 'lint', 'lint:deps', 'unit', 'build'], [['integration', 'stress'], 'end-to-end']],
};

/**
 * Runs one step through this script (`--step NAME`, below), which waits for it and sends back on
 * fd 3 the CPU seconds it and the processes it waited for used: each step's own CPU, even with
 * others running beside it.
 */
function run(name, held) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--step', name], { cwd: root, stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit', 'pipe'] });
    const chunks = [];
    let cpu = '';
    if (held) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.stdio[3].on('data', (chunk) => (cpu += chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (held) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, ok: code === 0, status: signal ?? code, seconds, load: loadavg()[0], cpu: cpu === '' ? null : Number(cpu) });
    });
  });
}

/** `--step NAME`: runs the step's command, then writes the CPU it used to fd 3 and exits with its status. */
async function step(name) {
  const [command, ...args] = STEPS[name];
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  const status = await new Promise((resolve) => child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1))));
  const cpu = childCpuSeconds();
  if (cpu !== null) writeSync(3, String(cpu));
  process.exit(status);
}

/** The steps of a lane one after another. */
async function lane(names, held) {
  const done = [];
  for (const name of [names].flat()) done.push(await run(name, held));
  return done;
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

/** One row a step (wall time, load when it ended, its CPU); a row a group (its wall time, beside: the steps it ran at once). */
function table(groups, total, totalCpu) {
  const lines = ['', 'tier/step      result       time (s)  load (1 min)  cpu (s)'];
  const cpu = (value) => (value === null || value === undefined ? '' : fmt(value, 1));
  for (const { results, seconds } of groups) {
    for (const r of results) lines.push(`${r.name.padEnd(14)} ${(r.ok ? 'passed' : `FAILED (${r.status})`).padEnd(12)} ${fmt(r.seconds, 1)}  ${fmt(r.load, 2).padEnd(12)}  ${cpu(r.cpu)}`);
    if (results.length > 1) lines.push(`${'  (at once)'.padEnd(14)} ${''.padEnd(12)} ${fmt(seconds, 1)}`);
  }
  lines.push(`${'total'.padEnd(14)} ${''.padEnd(12)} ${fmt(total, 1)}  ${fmt(loadavg()[0], 2).padEnd(12)}  ${cpu(totalCpu)}   (${availableParallelism()} cores)`);
  return lines.join('\n');
}

if (process.argv[2] === '--step') await step(process.argv[3]);
const planName = process.argv[2] ?? 'all';
const plan = PLANS[planName];
if (!plan) {
  process.stderr.write(`test-tiers: unknown plan ${planName} (quick or all)\n`);
  process.exit(2);
}
const started = performance.now();
const cpuAtStart = childCpuSeconds();
const groups = [];
let failed = false;
for (const lanes of plan) {
  const groupStarted = performance.now();
  const done = (await Promise.all(lanes.map((names) => lane(names, lanes.length > 1)))).flat();
  groups.push({ results: done, seconds: (performance.now() - groupStarted) / 1000 });
  failed ||= done.some((r) => !r.ok);
}
const cpuAtEnd = childCpuSeconds();
process.stdout.write(`${table(groups, (performance.now() - started) / 1000, cpuAtStart === null ? null : cpuAtEnd - cpuAtStart)}\n`);
process.exit(failed ? 1 : 0);
