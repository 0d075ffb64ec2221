import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../../../renderer/src/i18n/messages/en';
import ptBR from '../../../../../../renderer/src/i18n/messages/pt-BR/store.json' with { type: 'json' };
import ja from '../../../../../../renderer/src/i18n/messages/ja/store.json' with { type: 'json' };
import ar from '../../../../../../renderer/src/i18n/messages/ar/store.json' with { type: 'json' };
import { beans, itemsInWords, itemWords, refundInWords, statusWords } from '../../../../../../renderer/src/views/store/order-words';
import type { StoreOrder } from '../../../../../../renderer/src/api/contract';

const intlFor = (locale: string, messages: Record<string, string> = {}) => createIntl({ locale, messages: { ...en, ...messages } });

const order = (patch: Partial<StoreOrder>): StoreOrder => ({ orderId: 'o-1', tradeOrderId: null, productId: 'gems_100', productName: '100 gems', amount: 12_500, status: 'fulfilled', refundedAmount: null, failure: null, createdAt: null, ...patch });

describe('the Store in words', () => {
  it('formats a price in BEANS with the locale’s digits and grouping', () => {
    expect(beans(intlFor('en'), 12_500)).toBe('12,500 BEANS');
    expect(beans(intlFor('pt-BR', ptBR), 12_500)).toBe('12.500 BEANS');
    expect(beans(intlFor('ja', ja), 30)).toBe('30 BEANS');
    expect(beans(intlFor('ar-EG', ar), 30)).toBe('٣٠ BEANS');
  });

  it('names items in the locale’s plural instead of the store server’s ids', () => {
    expect(itemWords(intlFor('en'), 'sticker_pack', 1)).toBe('1 sticker pack');
    expect(itemWords(intlFor('en'), 'gem', 100)).toBe('100 gems');
    expect(itemWords(intlFor('pt-BR', ptBR), 'sticker_pack', 2)).toBe('2 pacotes de figurinhas');
    expect(itemWords(intlFor('ar', ar), 'gem', 2)).toBe('جوهرتان');
    // An item the catalog has no words for reads as its id made readable, never as `snake_case`.
    expect(itemWords(intlFor('en'), 'gold_frame', 1200)).toBe('1,200 × gold frame');
    expect(itemsInWords(intlFor('en'), { pro_month: 1, gem: 50, nothing: 0 })).toBe('1 month of Pro and 50 gems');
    expect(itemsInWords(intlFor('ja', ja), { pro_month: 1, gem: 50 })).toBe('Pro 1か月分、ジェム 50個');
    expect(itemsInWords(intlFor('en'), {})).toBe('');
  });

  it('says an order’s status and refund in the locale', () => {
    expect(statusWords(intlFor('en'), 'partially_refunded')).toBe('Partly refunded');
    expect(statusWords(intlFor('ja', ja), 'created')).toBe('支払い待ち');
    expect(refundInWords(intlFor('en'), order({ refundedAmount: 2_500 }))).toBe('2,500 BEANS of 12,500 BEANS refunded');
    expect(refundInWords(intlFor('pt-BR', ptBR), order({ refundedAmount: 2_500 }))).toBe('2.500 BEANS de 12.500 BEANS reembolsados');
    expect(refundInWords(intlFor('en'), order({ refundedAmount: 0 }))).toBeNull();
  });
});
