/**
 * A Playwright reporter that lists every skipped test with the reason it gives (test.skip's
 * description), after the run: the list reporter counts skips but does not say why, and a skipped
 * test (the real-Electron smoke test without a binary) must say so where the run is read.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkipReasonsReporter implements Reporter {
  private readonly skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reasons = test.annotations.filter((annotation) => annotation.type === 'skip' || annotation.type === 'fixme').map((annotation) => annotation.description ?? 'no reason given');
    this.skipped.push(`  SKIPPED ${test.titlePath().filter(Boolean).join(' › ')}: ${reasons.join('; ') || 'no reason given'}`);
  }

  onEnd(): void {
    if (this.skipped.length) process.stdout.write(`\n${this.skipped.length} skipped (not passed):\n${this.skipped.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
