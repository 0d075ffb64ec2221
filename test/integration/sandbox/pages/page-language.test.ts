/**
 * The sandbox's consent and payment pages over real HTTP in the browser's language: one choice of
 * Accept-Language per case (each of the six languages, q-values, pt-PT, unknown, none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, authorizeParams, newVerifier, signIn, startTestSandbox, type Sandbox, type TokenSet } from '../../../support/sandbox-client.js';
import { createOrder, orderBody, startReceiver, type Receiver } from '../../../support/webhook-receiver.js';

let sandbox: Sandbox;
let receiver: Receiver;
let ava: TokenSet;
let n = 0;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startTestSandbox({ apps: [{ ...APP, webhook_url: receiver.url }] });
  ava = await signIn(sandbox, { openId: 'sbx-user-ava', scope: 'user.info.basic' });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

/** One Accept-Language per case: the language and direction the pages must answer in, and a phrase of each page. */
const CASES = [
  { header: 'en-US,en;q=0.9', lang: 'en', dir: 'ltr', allow: 'Allow', heading: 'wants to access your account', pay: 'Pay 100 BEANS', status: 'Awaiting payment' },
  { header: 'es-419,es;q=0.9', lang: 'es', dir: 'ltr', allow: 'Permitir', heading: 'quiere acceder a tu cuenta', pay: 'Pagar 100 BEANS', status: 'Pendiente de pago' },
  { header: 'pt-BR', lang: 'pt-BR', dir: 'ltr', allow: 'Permitir', heading: 'quer acessar sua conta', pay: 'Pagar 100 BEANS', status: 'Aguardando pagamento' },
  { header: 'pt-PT,pt;q=0.8', lang: 'pt-BR', dir: 'ltr', allow: 'Permitir', heading: 'quer acessar sua conta', pay: 'Pagar 100 BEANS', status: 'Aguardando pagamento' },
  { header: 'id-ID', lang: 'id', dir: 'ltr', allow: 'Izinkan', heading: 'ingin mengakses akunmu', pay: 'Bayar 100 BEANS', status: 'Menunggu pembayaran' },
  { header: 'ja', lang: 'ja', dir: 'ltr', allow: '許可', heading: 'アカウントへのアクセスを求めています', pay: '100 BEANS を支払う', status: '支払い待ち' },
  { header: 'ar-SA,ar;q=0.9,en;q=0.1', lang: 'ar', dir: 'rtl', allow: 'السماح', heading: 'الوصول إلى حسابك', pay: `ادفع ${new Intl.NumberFormat('ar').format(100)} BEANS`, status: 'بانتظار الدفع' },
  { header: 'en;q=0.3, ja;q=0.6, es;q=0.9', lang: 'es', dir: 'ltr', allow: 'Permitir', heading: 'quiere acceder a tu cuenta', pay: 'Pagar 100 BEANS', status: 'Pendiente de pago' },
  { header: 'fr-CA,fr;q=0.9,de;q=0.5', lang: 'en', dir: 'ltr', allow: 'Allow', heading: 'wants to access your account', pay: 'Pay 100 BEANS', status: 'Awaiting payment' },
  { header: null, lang: 'en', dir: 'ltr', allow: 'Allow', heading: 'wants to access your account', pay: 'Pay 100 BEANS', status: 'Awaiting payment' },
] as const;

const headersFor = (header: string | null): Record<string, string> => (header === null ? {} : { 'Accept-Language': header });

describe.each(CASES)('Accept-Language $header', ({ header, lang, dir, allow, heading, pay, status }) => {
  it(`the consent page is in ${lang}`, async () => {
    const query = new URLSearchParams({ ...authorizeParams(newVerifier()) });
    const res = await fetch(`${sandbox.baseUrl}/v2/auth/authorize/?${query}`, { headers: headersFor(header) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe(lang);
    expect(res.headers.get('vary')).toBe('Accept-Language');
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`name="decision" value="allow">${allow}</button>`);
    expect(html).toMatch(new RegExp(`<h1>[^<]*${heading}[^<]*</h1>`));
    // The form still posts the same values whatever the language.
    expect(html).toContain('name="decision" value="deny">');
  });

  it(`the payment page is in ${lang}`, async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(`lang-${Date.now()}-${++n}`));
    const res = await fetch(`${sandbox.baseUrl}/sandbox/pay/${id}`, { headers: headersFor(header) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe(lang);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`value="pay">${pay}</button>`);
    expect(html).toContain(`id="order-status">${status}<`);
  });
});

describe('the payment page’s outcome in the browser’s language', () => {
  const post = (id: string, action: string, language: string) =>
    fetch(`${sandbox.baseUrl}/sandbox/pay/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': language, Origin: sandbox.baseUrl },
      body: new URLSearchParams({ action }).toString(),
    });

  it('says the payment went through, and refuses a second one, in Japanese', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(`lang-${Date.now()}-${++n}`));
    const paid = await (await post(id, 'pay', 'ja-JP')).text();
    expect(paid).toContain('role="status">支払いが完了しました。');
    expect(paid).toContain('id="order-status">支払い済み<');
    const again = await post(id, 'pay', 'ja-JP');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('role="alert">この注文は支払い済みです。');
  });

  it('says a cancelled order can no longer be paid, in Arabic', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(`lang-${Date.now()}-${++n}`));
    expect(await (await post(id, 'cancel', 'ar')).text()).toContain('id="order-status">ملغى<');
    const refused = await (await post(id, 'pay', 'ar')).text();
    expect(refused).toContain('role="alert">لم يعد بالإمكان دفع هذا الطلب.');
  });
});
