/**
 * One creator flow in Japanese and in Arabic, end to end in Chromium (issue 30, point 4): the
 * browser's language (Playwright's `locale`: navigator.languages and Accept-Language) picks the
 * window's language with the setting left at "system"; the platform's consent page follows
 * Accept-Language; a dropped video reaches the inbox and the batch's notification, worded in the
 * page from the main process's codes, says so in the same language.
 */
import type { Page } from '@playwright/test';
import { callApp, dropFiles, MP4 } from './fixtures/queue.js';
import { test, expect, openApp } from './fixtures/web-app.js';

const FLOWS = [
  {
    locale: 'ja-JP',
    lang: 'ja',
    dir: 'ltr',
    queue: 'キュー',
    accounts: 'アカウント',
    consentHeading: 'アカウントへのアクセスを求めています',
    allow: '許可',
    dropHint: 'ドロップして Ava Makes に送る',
    arrived: `${MP4.name} が受信箱に届きました`,
    finish: 'プラットフォームのアプリで投稿を仕上げてください。',
    inboxBadge: '受信箱にあり',
    inboxDetail: 'プラットフォームのアプリで投稿を仕上げてください',
    total: '下書き 1 件',
  },
  {
    locale: 'ar-EG',
    lang: 'ar',
    dir: 'rtl',
    queue: 'قائمة الانتظار',
    accounts: 'الحسابات',
    consentHeading: 'الوصول إلى حسابك',
    allow: 'السماح',
    dropHint: 'أفلت للإرسال إلى Ava Makes',
    arrived: `وصل ${MP4.name} إلى صندوق الوارد`,
    finish: 'أكمل المنشور في تطبيق المنصة.',
    inboxBadge: 'في صندوق الوارد',
    inboxDetail: 'أكمل المنشور في تطبيق المنصة',
    total: 'مسودة واحدة',
  },
] as const;

/** The page's browser notifications, recorded instead of shown (web mode shows a batch's notice with the Notification API once allowed). */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    Object.assign(window, { shownNotifications: shown });
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string } = {}) {
        shown.push({ title, body: options.body ?? '' });
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  });
}

const shownNotifications = (page: Page) => page.evaluate(() => (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications);

for (const flow of FLOWS) {
  test.describe(`a creator's flow in ${flow.lang}`, () => {
    test.use({ locale: flow.locale, ownApp: true });

    test('sign in on the consent page, drop a video, see it in the inbox', async ({ page, context, webApp, consoleErrors }) => {
      test.setTimeout(120_000);
      await recordNotifications(page);
      await openApp(page, webApp.current);
      // The window speaks the browser's language, laid out in its direction, without being told.
      await expect(page.locator('html')).toHaveAttribute('lang', flow.lang);
      await expect(page.locator('html')).toHaveAttribute('dir', flow.dir);
      const sections = page.getByRole('navigation').first();
      await expect(sections.getByRole('link', { name: flow.queue, exact: true })).toBeVisible();
      await expect(sections.getByRole('link', { name: flow.accounts, exact: true })).toBeVisible();

      // Sign in: the platform's consent page, in a tab of the same browser, in the same language.
      const { authorizeUrl } = await callApp<{ authorizeUrl: string }>(webApp.current, 'accounts.signIn.start');
      const consent = await context.newPage();
      await consent.goto(authorizeUrl);
      await expect(consent.locator('html')).toHaveAttribute('lang', flow.lang);
      await expect(consent.locator('html')).toHaveAttribute('dir', flow.dir);
      await expect(consent.getByRole('heading', { level: 1 })).toContainText(flow.consentHeading);
      await consent.getByRole('radio', { name: /Ava Makes/ }).check();
      await consent.getByRole('button', { name: flow.allow, exact: true }).click();
      await expect.poll(async () => (await callApp<{ openId: string }[]>(webApp.current, 'accounts.list')).map((account) => account.openId), { timeout: 30_000 }).toContain('sbx-user-ava');
      await consent.close();

      // Drop a video on the queue: it reaches Ava's inbox.
      await sections.getByRole('link', { name: flow.queue, exact: true }).click();
      await expect(page.getByLabel(/Ava Makes/).first()).toBeVisible({ timeout: 30_000 });
      await dropFiles(page, [MP4], flow.dropHint);
      const row = page.locator('[data-draft-id]').filter({ hasText: MP4.name });
      await expect(row).toHaveAttribute('data-state', 'inbox', { timeout: 60_000 });
      expect((await callApp<{ fileName: string; state: string }[]>(webApp.current, 'drafts.list')).map(({ fileName, state }) => ({ fileName, state }))).toEqual([{ fileName: MP4.name, state: 'inbox' }]);
      // The row and the queue's count say it in the window's language too.
      await expect(row.locator('.state-badge')).toHaveText(flow.inboxBadge);
      await expect(row.locator('.draft-row__detail')).toHaveText(flow.inboxDetail);
      await expect(page.locator('.queue-bar__total')).toHaveText(flow.total);

      // The batch's notice: codes from the main process, worded in the page in the window's language.
      await expect.poll(() => shownNotifications(page), { timeout: 30_000 }).toEqual([{ title: flow.arrived, body: flow.finish }]);
      expect(consoleErrors).toEqual([]);
    });
  });
}
