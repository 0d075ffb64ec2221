/**
 * A Playwright reporter that ends the run with what needs reading: every skipped test with the
 * reason it gives (test.skip's description), since the list reporter counts skips but does not say
 * why; and every failed test with the start of its error. The line and list reporters print a
 * failure where it happened, in the middle of a long run, and a CI log is often read from its end.
 */
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of a failure's message and stack kept in the summary: enough for the assertion and its place. */
const ERROR_LINES = 24;

/** The attachment the app fixture adds to a failed test: what the app logged (test/e2e/fixtures/web-app.ts). */
export const APP_LOG_ATTACHMENT = 'app-log';
/** Its last lines kept in the summary. */
const APP_LOG_LINES = 30;
const LOG_LINE_CHARS = 400;

const title = (test: TestCase) => test.titlePath().filter(Boolean).join(' › ');

/** Playwright's messages carry terminal colours; a CI log keeps them as escape codes. */
const plain = (text: string) => stripVTControlCharacters(text);

export default class RunSummaryReporter implements Reporter {
  private readonly skipped: string[] = [];
  private readonly failed: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') {
      const reasons = test.annotations.filter((annotation) => annotation.type === 'skip' || annotation.type === 'fixme').map((annotation) => annotation.description ?? 'no reason given');
      this.skipped.push(`  SKIPPED ${title(test)}: ${reasons.join('; ') || 'no reason given'}`);
    } else if (result.status !== 'passed' && test.outcome() === 'unexpected') {
      const errors = result.errors.map((error) => plain(error.stack ?? error.message ?? String(error.value)).split('\n').slice(0, ERROR_LINES).join('\n    '));
      const log = result.attachments.find((attachment) => attachment.name === APP_LOG_ATTACHMENT)?.body?.toString('utf8').trim();
      const logTail = log ? `\n    the app's last log lines:\n      ${log.split('\n').slice(-APP_LOG_LINES).map((line) => line.slice(0, LOG_LINE_CHARS)).join('\n      ')}` : '';
      this.failed.push(`  FAILED (${result.status}, after ${(result.duration / 1000).toFixed(1)} s) ${title(test)}\n    ${errors.join('\n    ') || 'no error given'}${logTail}`);
    }
  }

  onEnd(): void {
    if (this.skipped.length) process.stdout.write(`\n${this.skipped.length} skipped (not passed):\n${this.skipped.join('\n')}\n`);
    if (this.failed.length) process.stdout.write(`\n${this.failed.length} failed:\n${this.failed.join('\n\n')}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
