import { describe, expect, it } from 'vitest';
import { Chaos, chaosRulesSchema, decide, mulberry32, ruleMatches, type ChaosRule } from '../../../sandbox/chaos.js';

describe('chaos rules', () => {
  it('match by method (or *) and path prefix', () => {
    const rule: ChaosRule = { route: 'PUT /upload/', probability: 1, reset: true };
    expect(ruleMatches(rule, 'PUT', '/upload/v_inbox_file~v2.1')).toBe(true);
    expect(ruleMatches(rule, 'POST', '/upload/x')).toBe(false);
    expect(ruleMatches(rule, 'PUT', '/uploads')).toBe(false);
    expect(ruleMatches({ route: '* /v2/', probability: 1, status: 500 }, 'GET', '/v2/auth/authorize/')).toBe(true);
  });

  it('the same seed gives the same decisions', () => {
    const rules: ChaosRule[] = [{ route: '* /', probability: 0.3, status: 503 }];
    const run = (seed: number) => {
      const random = mulberry32(seed);
      return Array.from({ length: 50 }, () => decide(rules, random, 'GET', '/v2/x').outcome.kind);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
    const fired = run(42).filter((k) => k === 'status').length;
    expect(fired).toBeGreaterThan(5);
    expect(fired).toBeLessThan(30);
  });

  it('latencies of firing rules add up; the first status or reset decides', () => {
    const rules: ChaosRule[] = [
      { route: '* /', probability: 1, latency_ms: 100 },
      { route: 'GET /a', probability: 1, latency_ms: 50, status: 500 },
      { route: 'GET /a', probability: 1, reset: true },
    ];
    expect(decide(rules, mulberry32(1), 'GET', '/a')).toEqual({ latencyMs: 150, outcome: { kind: 'status', status: 500 } });
    expect(decide(rules, mulberry32(1), 'GET', '/b')).toEqual({ latencyMs: 100, outcome: { kind: 'none' } });
    expect(decide([{ route: '* /', probability: 0, status: 500 }], mulberry32(1), 'GET', '/')).toEqual({ latencyMs: 0, outcome: { kind: 'none' } });
  });

  it('the live settings exempt /sandbox/ and restart the sequence when replaced', () => {
    const chaos = new Chaos([{ route: '* /', probability: 0.5, status: 500 }], 9);
    expect(chaos.decide('GET', '/sandbox/clock').outcome.kind).toBe('none');
    const first = Array.from({ length: 20 }, () => chaos.decide('GET', '/v2/').outcome.kind);
    chaos.replace([...chaos.rules]);
    expect(Array.from({ length: 20 }, () => chaos.decide('GET', '/v2/').outcome.kind)).toEqual(first);
  });

  it('applies to the media routes, which stand in for a partner server that can fail', () => {
    const chaos = new Chaos([{ route: '* /sandbox/', probability: 1, status: 503 }], 9);
    expect(chaos.decide('GET', '/sandbox/publishes').outcome.kind).toBe('none');
    expect(chaos.decide('PUT', '/sandbox/media/hosted/a.jpg').outcome.kind).not.toBe('none');
    expect(chaos.decide('GET', '/sandbox/media/photo-square.jpg').outcome.kind).not.toBe('none');
  });

  it('the schema refuses malformed rules', () => {
    expect(chaosRulesSchema.safeParse([{ route: 'GET /x', probability: 0.5, status: 500 }]).success).toBe(true);
    for (const bad of [
      [{ route: 'GET x', probability: 0.5, status: 500 }],
      [{ route: 'get /x', probability: 0.5, status: 500 }],
      [{ route: 'GET /x', probability: 1.5, status: 500 }],
      [{ route: 'GET /x', probability: 1, status: 200 }],
      [{ route: 'GET /x', probability: 1 }],
      [{ route: 'GET /x', probability: 1, reset: false }],
      [{ route: 'GET /x', probability: 1, status: 500, reset: true }],
      [{ route: 'GET /x', probability: 1, status: 500, extra: 1 }],
      { route: 'GET /x', probability: 1, status: 500 },
    ]) {
      expect(chaosRulesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
