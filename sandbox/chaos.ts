/**
 * Deterministic fault injection. Rules match a request by method and path prefix; each matching
 * rule draws from one seeded PRNG, so the same seed, rules and request sequence give the same
 * faults on every run. Replacing the rules restarts the PRNG from the seed, which makes a test
 * that sets rules and then sends requests repeatable whatever ran before it.
 */
import { z } from 'zod';

export const chaosRuleSchema = z
  .object({
    route: z
      .string()
      .regex(/^(\*|[A-Z]+) \/\S*$/, 'route must be "METHOD /path-prefix" (METHOD upper case or *)'),
    probability: z.number().min(0).max(1),
    latency_ms: z.number().int().min(0).max(120_000).optional(),
    status: z.number().int().min(400).max(599).optional(),
    reset: z.literal(true).optional(),
  })
  .strict()
  .refine((rule) => rule.latency_ms !== undefined || rule.status !== undefined || rule.reset !== undefined, {
    message: 'a rule needs latency_ms, status or reset',
  })
  .refine((rule) => !(rule.status !== undefined && rule.reset !== undefined), { message: 'a rule cannot both answer a status and reset' });

export const chaosRulesSchema = z.array(chaosRuleSchema).max(100);

export type ChaosRule = z.output<typeof chaosRuleSchema>;

export type ChaosOutcome = { kind: 'none' } | { kind: 'status'; status: number } | { kind: 'reset' };

export interface ChaosDecision {
  latencyMs: number;
  outcome: ChaosOutcome;
}

const NO_CHAOS: ChaosDecision = { latencyMs: 0, outcome: { kind: 'none' } };

/** mulberry32: tiny, fast, good enough to pick faults, and fully determined by its seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function ruleMatches(rule: ChaosRule, method: string, pathname: string): boolean {
  const space = rule.route.indexOf(' ');
  const ruleMethod = rule.route.slice(0, space);
  const prefix = rule.route.slice(space + 1);
  return (ruleMethod === '*' || ruleMethod === method) && pathname.startsWith(prefix);
}

/**
 * Decide the faults for one request: every matching rule rolls once (in order); latencies of the
 * rules that fire add up, and the first firing rule with a status or reset decides the outcome.
 */
export function decide(rules: readonly ChaosRule[], random: () => number, method: string, pathname: string): ChaosDecision {
  let latencyMs = 0;
  let outcome: ChaosOutcome = { kind: 'none' };
  let any = false;
  for (const rule of rules) {
    if (!ruleMatches(rule, method, pathname)) continue;
    // Roll even for probability 0 or 1 so adding a certain rule does not shift the sequence of the others.
    const fires = random() < rule.probability;
    if (!fires) continue;
    any = true;
    latencyMs += rule.latency_ms ?? 0;
    if (outcome.kind === 'none') {
      if (rule.status !== undefined) outcome = { kind: 'status', status: rule.status };
      else if (rule.reset) outcome = { kind: 'reset' };
    }
  }
  return any ? { latencyMs, outcome } : NO_CHAOS;
}

/** The sandbox's live chaos settings, shared by the API server and the upload host. */
export class Chaos {
  private random: () => number;
  constructor(
    private current: ChaosRule[],
    private seedValue: number,
  ) {
    this.random = mulberry32(seedValue);
  }

  get rules(): readonly ChaosRule[] {
    return this.current;
  }

  get seed(): number {
    return this.seedValue;
  }

  replace(rules: ChaosRule[], seed = this.seedValue): void {
    this.current = rules;
    this.seedValue = seed;
    this.random = mulberry32(seed);
  }

  decide(method: string, pathname: string): ChaosDecision {
    // The sandbox's own API (clock, chaos, inspection) is how tests repair things: never faulty. Its
    // media (samples and hosted files) stands in for a partner's file server, which can fail.
    if ((pathname.startsWith('/sandbox/') && !pathname.startsWith('/sandbox/media/')) || this.current.length === 0) return NO_CHAOS;
    return decide(this.current, this.random, method, pathname);
  }
}
