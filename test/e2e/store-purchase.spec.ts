/**
 * The Store, end to end in Chromium on the built-in profile (its embedded sandbox and partner
 * backend): buy from the catalog, pay on the sandbox's payment page in the tab the app opened,
 * see the app follow the order (it asks the backend, not the page) to the owned item; then the
 * person refunds it in the platform's store (the sandbox console's "Start refund") and the app
 * shows the refund and the item taken back, without a reload. A purchase the platform refuses is
 * said in words.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { webClient } from '../support/web-client.js';
import { test, expect, openApp } from './fixtures/web-app.js';

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });

async function signInAs(page: Page, context: BrowserContext, name: string): Promise<void> {
  await nav(page, 'Accounts').click();
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Add account' }).click();
  const consent = await opened;
  await consent.getByRole('radio', { name: new RegExp(name) }).check();
  await consent.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Signed in as ${name}` })).toBeVisible();
  await consent.close();
}

test.describe('the Store', () => {
  test('buy through the sandbox payment page → the item is owned → a refund in the platform store takes it back; a refused purchase in words', async ({ page, context, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await signInAs(page, context, 'Ava Makes');

    await nav(page, 'Store').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store');
    await expect(page.getByRole('combobox', { name: 'Buy as' })).toHaveValue('sbx-user-ava');
    const sticker = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sticker pack' }) });
    await expect(sticker.getByText('30 BEANS')).toBeVisible();
    await expect(sticker.getByText('Gives 1 sticker pack')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Owned by Ava Makes' })).toBeVisible();
    await expect(page.getByText('Nothing yet.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'No purchases yet' })).toBeVisible();

    // Buy: the backend creates the order at its price and the platform's payment page opens in a new tab.
    const opened = context.waitForEvent('page');
    await sticker.getByRole('button', { name: 'Buy Sticker pack' }).click();
    const payment = await opened;
    await payment.waitForLoadState();
    expect(new URL(payment.url()).pathname).toMatch(/^\/sandbox\/pay\/\d+$/);
    await expect(page.getByRole('status').filter({ hasText: "Pay 30 BEANS for Sticker pack on the platform's payment page" })).toBeVisible();
    const orders = page.getByRole('table', { name: 'Orders of Ava Makes' });
    await expect(orders.getByRole('row').filter({ hasText: 'Sticker pack' })).toContainText('Waiting for payment');
    // The fallback goes through the main process (shell.openExternal; opened: false in web mode) to a new tab.
    const again = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open the payment page again' }).click();
    const reopened = await again;
    expect(reopened.url()).toBe(payment.url());
    await reopened.close();

    await payment.getByRole('button', { name: 'Pay 30 BEANS' }).click();
    await expect(payment.getByRole('status')).toContainText('Payment successful');

    // The app learns it from its backend (after the platform's signed webhook), not from the page.
    await expect(page.getByRole('status').filter({ hasText: 'Sticker pack is yours' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('list', { name: 'Items Ava Makes owns' }).getByRole('listitem')).toHaveText(['1 sticker pack']);
    const row = orders.getByRole('row').filter({ hasText: 'Sticker pack' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('30 BEANS');
    const orderId = (await row.locator('.order-table__id').textContent())!.trim();
    await payment.close();

    // The person refunds the whole order in the platform's store: the sandbox console's extras.
    const { sandbox } = (await (await page.request.post(`${webApp.current.origin}/api/call/app.info`, { headers: { Authorization: `Bearer ${webApp.current.token}` } })).json()).value as { sandbox: { consoleUrl: string } };
    const consolePage = await context.newPage();
    await consolePage.goto(sandbox.consoleUrl);
    const consoleRow = consolePage.getByRole('row').filter({ hasText: orderId });
    await consoleRow.getByRole('spinbutton', { name: 'Refund' }).fill('30');
    await consoleRow.getByRole('button', { name: 'Start refund' }).click();
    await expect(consolePage.getByRole('row').filter({ hasText: orderId })).toContainText('refunded 30', { timeout: 10_000 });
    await consolePage.close();

    // The Store, still open, shows it by itself: the refund, and the item taken back (the catalog's rule for this product).
    await expect(row).toContainText('Refunded', { timeout: 20_000 });
    await expect(row).toContainText('30 BEANS of 30 BEANS refunded');
    await expect(page.getByRole('list', { name: 'Items Ava Makes owns' })).toHaveCount(0);
    await expect(page.getByText('Nothing yet.')).toBeVisible();

    // A purchase the platform refuses (a fault injected into op 8) is said in words, and no payment page opens.
    const chaos = (rules: unknown[]) => page.request.put(`${new URL(sandbox.consoleUrl).origin}/sandbox/chaos`, { data: rules });
    expect((await chaos([{ route: 'POST /v2/minis/trade_order/create/', probability: 1, status: 400 }])).status()).toBe(200);
    const pagesBefore = context.pages().length;
    const gems = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: '100 gems' }) });
    await gems.getByRole('button', { name: 'Buy 100 gems' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The purchase could not start' });
    await expect(refused).toContainText('The Store refused: the platform refused the order');
    await expect(refused).toContainText('order_failed');
    expect(context.pages()).toHaveLength(pagesBefore);
    await expect(page.getByRole('list', { name: 'Items Ava Makes owns' })).toHaveCount(0);
    expect((await chaos([])).status()).toBe(200);
    expect(consoleErrors).toEqual([]);
  });

  test('the Store in Brazilian Portuguese: its words, items, prices and order dates in the locale', async ({ page, context, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await signInAs(page, context, 'Ava Makes');
    await webClient(webApp.current).call('settings.set', { language: { locale: 'pt-BR' } });
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

    await page.getByRole('navigation').first().getByRole('link', { name: 'Loja', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loja');
    await expect(page.getByRole('combobox', { name: 'Comprar como' })).toHaveValue('sbx-user-ava');
    const product = (name: string) => page.getByRole('list', { name: 'Produtos' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    // Items in Portuguese plurals and the locale's list, never the store server's ids (`sticker_pack`, `pro_month`).
    await expect(product('Sticker pack').locator('.product-card__price')).toHaveText('30 BEANS');
    await expect(product('Sticker pack').locator('.product-card__grants')).toHaveText('Inclui 1 pacote de figurinhas');
    await expect(product('Pro for a month').locator('.product-card__grants')).toHaveText('Inclui 1 mês de Pro e 50 gemas');
    await expect(page.getByRole('heading', { level: 2, name: 'Itens de Ava Makes' })).toBeVisible();

    // An order: its status, amount and date as Portuguese writes them.
    const opened = context.waitForEvent('page');
    await product('Pro for a month').getByRole('button', { name: 'Comprar Pro for a month' }).click();
    await (await opened).close();
    await expect(page.getByRole('status').filter({ hasText: 'Pague 500 BEANS por Pro for a month na página de pagamento da plataforma' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Pedidos de Ava Makes' }).getByRole('row').filter({ hasText: 'Pro for a month' });
    await expect(row).toContainText('Aguardando pagamento');
    await expect(row.getByRole('cell').first()).toHaveText('500 BEANS');
    // "27 de nov. de 2026, 05:28": Intl's medium date for pt-BR (English would be "Nov 27, 2026, 5:28 AM").
    await expect(row.getByRole('cell').last()).toHaveText(/^\d{1,2} de [a-zç]{3,5}\.? de \d{4},? \d{2}:\d{2}$/u);
    // The order's id is for whoever needs it, behind Details.
    await expect(row.getByText('Detalhes')).toBeVisible();
    await expect(row.locator('.order-table__id')).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('a platform whose client secret stays on this computer has no Store, said in the window’s language', async ({ page, webApp, consoleErrors }) => {
    const client = webClient(webApp.current);
    const sandbox = await client.sandboxUrl();
    await client.call('settings.set', {
      profile: { kind: 'custom', name: 'Studio platform', baseUrl: sandbox, uploadHost: sandbox, authorizeUrl: `${sandbox}/v2/auth/authorize/`, clientKey: 'sbx_draftdeck_desktop', secret: { store: 'vault' } },
      language: { locale: 'ja' },
    });
    await openApp(page, webApp.current);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.getByRole('navigation').first().getByRole('link', { name: 'ストア', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ストア');
    // The main process sends a code (store.unavailable); the window words it, with no "partner backend" in English.
    await expect(page.getByRole('heading', { level: 2, name: 'このプラットフォームにはストアがありません' })).toBeVisible();
    await expect(page.getByText(/^このプラットフォームプロファイルにはストアがありません。/)).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('backend');
    expect(consoleErrors).toEqual([]);
  });
});
