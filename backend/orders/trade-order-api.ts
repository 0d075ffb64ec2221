/**
 * Op 8, create a payment order, as the partner backend calls it: with the user's access token,
 * the amount the backend decided, and the backend's own order_id. Shape B; failures are values.
 */
import { z } from 'zod';
import { parseShapeB, type ApiResult } from '../../platform-api/errors.js';
import { joinUrl, type HttpSend } from '../../platform-api/http.js';

export const CREATE_TRADE_ORDER_PATH = '/v2/minis/trade_order/create/';

export interface TradeOrderRequest {
  orderId: string;
  productName: string;
  amount: number;
  imageUrl: string | null;
}

const Created = z.object({ trade_order_id: z.string().min(1).max(128) });

export async function createTradeOrder(http: HttpSend, baseUrl: string, accessToken: string, order: TradeOrderRequest): Promise<ApiResult<{ tradeOrderId: string }>> {
  const answer = await http({
    method: 'POST',
    url: joinUrl(baseUrl, CREATE_TRADE_ORDER_PATH),
    headers: { authorization: `Bearer ${accessToken}` },
    json: {
      token_type: 'BEANS',
      token_amount: order.amount,
      order_info: { order_id: order.orderId, product_name: order.productName, quantity: 1, ...(order.imageUrl ? { image_url: order.imageUrl } : {}) },
    },
    timeoutMs: 15_000,
  });
  if (!answer.ok) return answer;
  const parsed = parseShapeB(answer.value, Created);
  return parsed.ok ? { ok: true, value: { tradeOrderId: parsed.value.trade_order_id } } : parsed;
}
