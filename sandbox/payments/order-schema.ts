/**
 * The body of op 8 (create a payment order). Required: token_type BEANS, a positive whole
 * token_amount, order_info.order_id and order_info.product_name; the optional order_info fields
 * are typed. Unknown keys are ignored, as the platform does; what is kept is the canonical order,
 * which is also what "the same body" means when an order_id is sent again.
 */
import { z } from 'zod';

// Messages leave out the field: describeZodError prefixes its path (`order_info.order_id: is required`).
const required = (iss: { input: unknown }, type: string) => (iss.input === undefined ? 'is required' : `must be ${type}`);

const text = (max: number) =>
  z
    .string({ error: (iss) => required(iss, 'a string') })
    .max(max, { error: `must be at most ${max} characters` })
    // Checked, not trimmed: the order_id comes back in webhooks exactly as the partner sent it.
    .refine((value) => value.trim().length > 0, { error: 'must not be empty' });

const optionalText = (max: number) => z.string({ error: 'must be a string' }).max(max, { error: `must be at most ${max} characters` }).optional();

const httpUrl = () =>
  z
    .string({ error: 'must be a string' })
    .max(2048, { error: 'must be at most 2048 characters' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { message: 'must be an http(s) URL' },
    )
    .optional();

export const createOrderBody = z.object(
  {
    token_type: z.literal('BEANS', { error: (iss) => (iss.input === undefined ? 'is required (BEANS)' : 'must be BEANS') }),
    token_amount: z
      .number({ error: (iss) => required(iss, 'a number') })
      .int({ error: 'must be a whole number of BEANS' })
      .positive({ error: 'must be positive' }),
    order_info: z.object(
      {
        order_id: text(128),
        product_name: text(256),
        // A path on the partner's side, not necessarily a full URL (docs/PLATFORM.md "Operations", op 8: "Path to the order").
        order_url: optionalText(2048),
        quantity: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).positive({ error: 'must be positive' }).optional(),
        quantity_unit: optionalText(64),
        image_url: httpUrl(),
      },
      { error: (iss) => required(iss, 'an object') },
    ),
  },
  { error: 'the request body must be a JSON object' },
);

export type CreateOrderBody = z.output<typeof createOrderBody>;

/** The body as a stable string (sorted keys, absent optional fields left out) to compare resends. */
export function orderFingerprint(body: CreateOrderBody): string {
  const info = body.order_info;
  const orderInfo = Object.fromEntries(
    Object.entries(info)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify({ token_type: body.token_type, token_amount: body.token_amount, order_info: orderInfo });
}
