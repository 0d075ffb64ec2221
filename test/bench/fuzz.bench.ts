/**
 * fuzz: a bounded, seeded set of malformed requests to every route of the web host and of the
 * built-in sandbox (API server and upload host), sent to a running web mode; see
 * lib/fuzz-cases.ts for the mutations and lib/fuzz-run.ts for how answers are judged.
 *   requests                                  how many were sent (at least 5,000)
 *   server_errors, hangs, wrongly_accepted    each must be 0 (the benchmark fails otherwise)
 *   closed_without_answer                     refusals by closing the connection (not a finding)
 *   upload_byte_exact                         1 when a normal upload afterwards arrives byte-exact
 * Each finding is printed with its case index, so `FUZZ_SEED` reproduces it.
 * Run: npm run bench -- fuzz (FUZZ_REQUESTS=N, default 5000; FUZZ_SEED=N, default 1).
 */
import { reporter } from './lib/report.js';
import { runFuzz } from '../support/fuzz-run.js';

const report = reporter('fuzz');
const count = Number(process.env.FUZZ_REQUESTS ?? 5000);
const seed = Number(process.env.FUZZ_SEED ?? 1);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) throw new Error('FUZZ_REQUESTS must be a positive integer and FUZZ_SEED an integer');

const summary = await runFuzz({ count, seed, log: (line) => console.error(`# ${line}`) });
// One line per kind of finding: how many, and the first case of it (its index reproduces it with the same seed).
const groups = new Map<string, typeof summary.findings>();
for (const f of summary.findings) {
  const key = `${f.kind} ${f.target} [${f.mutation}]`;
  groups.set(key, [...(groups.get(key) ?? []), f]);
}
for (const [group, findings] of groups) {
  const f = findings[0]!;
  console.error(`# ${findings.length} × ${group}, e.g. #${f.index} ${f.route} → ${f.status ?? 'no answer'}: ${f.request} :: ${f.answer.replace(/\s+/g, ' ').slice(0, 120)}`);
}
report('requests', summary.requests, 'count');
report('server_errors', summary.serverErrors, 'count');
report('hangs', summary.hangs, 'count');
report('wrongly_accepted', summary.wronglyAccepted, 'count');
report('closed_without_answer', summary.closedWithoutAnswer, 'count');
report('upload_byte_exact', summary.uploadByteExact ? 1 : 0, 'bool');
if (summary.serverErrors + summary.hangs + summary.wronglyAccepted > 0 || !summary.uploadByteExact) process.exitCode = 1;
