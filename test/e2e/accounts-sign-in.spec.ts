/**
 * Accounts, end to end in Chromium: "Add account" opens the platform's consent page in a new tab,
 * the person picks a sandbox user and allows (or declines) there, and the app's Accounts view
 * shows the outcome by itself (signIn.finished), without a reload.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures/web-app.js';

/** The account cards (their scope chips are list items too). */
const accountCards = (page: Page) => page.getByRole('list', { name: 'Signed-in accounts' }).locator(':scope > li');

async function goToAccounts(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Accounts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts');
}

/** Clicks Add account and returns the consent tab it opened. */
async function openConsent(page: Page, context: BrowserContext): Promise<Page> {
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Add account' }).click();
  const consent = await opened;
  await consent.waitForLoadState();
  await expect(consent.getByRole('heading', { level: 1 })).toContainText('wants to access your account');
  return consent;
}

test.describe('accounts: sign in through the consent page', () => {
  test('Add account → consent tab → Allow as Ava Makes → the account appears with its open_id and scopes', async ({ page, context, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await goToAccounts(page);
    await expect(page.getByRole('heading', { level: 2, name: 'No accounts signed in' })).toBeVisible();

    const consent = await openConsent(page, context);
    // While the person is on the platform's page, the app says it waits, with a way out.
    await expect(page.getByRole('heading', { name: "Waiting for you to allow access on the platform's page" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel sign-in' })).toBeVisible();
    await expect(page.getByText(/The link works until \d/)).toBeVisible();
    await expect(page.getByText('It opened in a new tab.')).toBeVisible();
    // The fallback goes through the main process (shell.openExternal answers opened: false in web mode) to a new tab.
    const again = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open the page again' }).click();
    const reopened = await again;
    expect(reopened.url()).toBe(consent.url());
    await reopened.close();

    await consent.getByRole('radio', { name: /Ava Makes/ }).check();
    await consent.getByRole('button', { name: 'Allow' }).click();
    await expect(consent.getByText('You can close this tab and return to Draftdeck.')).toBeVisible();

    await expect(page.getByRole('status').filter({ hasText: 'Signed in as Ava Makes' })).toBeVisible();
    const card = accountCards(page).filter({ has: page.getByRole('heading', { name: 'Ava Makes' }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('@ava.makes')).toBeVisible();
    // What the account allowed reads in a creator's words; the platform's id and scope names wait behind Details.
    const scopes = card.getByRole('list', { name: 'What Ava Makes allowed' });
    await expect(scopes.getByRole('listitem')).toHaveCount(3);
    expect((await scopes.getByRole('listitem').allTextContents()).sort()).toEqual(['See your videos', 'Send drafts to your inbox', 'Your name and profile picture']);
    await expect(card.getByText(/sbx-user-ava|user\.info\.basic/)).toBeHidden();
    await card.getByText('Details', { exact: true }).click();
    await expect(card.getByText(/^Open ID sbx-user-ava · scopes (user\.info\.basic|video\.upload|video\.list)(, (user\.info\.basic|video\.upload|video\.list)){2}$/)).toBeVisible();
    await expect(card.getByText('Ready for drafts')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Waiting for you to allow access' })).toHaveCount(0);

    // A second account sits beside the first; a reload keeps both (web mode's vault persists).
    const second = await openConsent(page, context);
    await second.getByRole('radio', { name: /Ben Builds/ }).check();
    await second.getByRole('button', { name: 'Allow' }).click();
    await expect(accountCards(page)).toHaveCount(2);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Ben Builds' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ava Makes' })).toBeVisible();
    await expect(page.getByText(/Sign-ins are encrypted with a key file/)).toBeVisible();

    // Remove asks first, then says what the platform answered.
    await page.getByRole('button', { name: 'Remove Ben Builds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Ben Builds?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Remove account' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Removed Ben Builds' })).toContainText("revoked Draftdeck's access");
    await expect(accountCards(page)).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });

  test('declining on the consent page says so plainly and adds nothing', async ({ page, context, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await goToAccounts(page);
    const consent = await openConsent(page, context);
    await consent.getByRole('button', { name: 'Deny' }).click();
    await expect(consent.getByText('You can close this tab and return to Draftdeck.')).toBeVisible();

    const alert = page.getByRole('alert').filter({ hasText: "You declined access on the platform's page" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'No accounts signed in' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('cancelling a sign-in in progress ends it, and the consent page no longer signs in', async ({ page, context, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await goToAccounts(page);
    const consent = await openConsent(page, context);
    await page.getByRole('button', { name: 'Cancel sign-in' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sign-in cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add account' })).toBeVisible();

    // The loopback listener is gone: allowing now cannot add the account.
    await consent.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'No accounts signed in' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a custom platform without its client secret asks for it first; the secret is write-only', async ({ page, webApp, consoleErrors }) => {
    const app = webApp.current;
    const call = async (channel: string, input?: unknown) => {
      const response = await fetch(`${app.origin}/api/call/${channel}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${app.token}`, ...(input === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: input === undefined ? undefined : JSON.stringify(input),
      });
      return ((await response.json()) as { value: unknown }).value;
    };
    const { sandbox } = (await call('app.info')) as { sandbox: { baseUrl: string } };
    await call('settings.set', {
      profile: { kind: 'custom', name: 'Studio platform', baseUrl: sandbox.baseUrl, uploadHost: sandbox.baseUrl, authorizeUrl: `${sandbox.baseUrl}/v2/auth/authorize/`, clientKey: 'sbx_draftdeck_desktop', secret: { store: 'vault' } },
    });
    await openApp(page, app);
    await goToAccounts(page);
    await expect(page.getByRole('heading', { name: 'Studio platform needs its client secret' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add account' })).toHaveAttribute('aria-disabled', 'true');

    const secret = page.getByRole('textbox', { name: 'Client secret' });
    await expect(secret).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Save secret' }).click();
    await expect(page.getByText('Enter the client secret the platform issued with your client key.')).toBeVisible();
    await secret.fill('sbx_secret_local_only_not_confidential');
    await page.getByRole('button', { name: 'Save secret' }).click();

    // Stored: the panel goes, Add account can start, and the secret is nowhere to be read back.
    await expect(page.getByRole('heading', { name: 'Studio platform needs its client secret' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add account' })).not.toHaveAttribute('aria-disabled');
    expect(await call('profile.status')).toMatchObject({ kind: 'custom', clientSecret: 'stored' });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Client secret' })).toBeVisible();
    await expect(page.getByText("A secret for Studio platform is stored in this computer's vault.")).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Client secret' })).toHaveValue('');
    expect(await page.content()).not.toContain('sbx_secret_local_only_not_confidential');
    expect(consoleErrors).toEqual([]);
  });
});
