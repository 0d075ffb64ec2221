/** The partner backend's orders on the wire (backend/README.md "Store API"): zod only. */
import { z } from 'zod';

/** The backend's order statuses (backend/README.md "Store API"); `created` waits for the person to pay. */
export const ORDER_STATUSES = ['created', 'paid', 'fulfilled', 'failed', 'cancelled', 'refunded', 'partially_refunded'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
