import type { StoreOrder } from '../../api/contract';
import { beans, refundInWords, STATUS_TONE, STATUS_WORDS } from './order-words';

/** An account's orders, newest first, with what was refunded. */
export function OrderHistory({ orders, label }: { orders: readonly StoreOrder[]; label: string }) {
  return (
    <table className="order-table" aria-label={`Orders of ${label}`}>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">Date</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.orderId}>
            <th scope="row">
              {order.productName}
              <span className="order-table__id">{order.orderId}</span>
            </th>
            <td>{beans(order.amount)}</td>
            <td>
              <span className={`pill pill--${STATUS_TONE[order.status]}`}>{STATUS_WORDS[order.status]}</span>
              {refundInWords(order) ? <span className="order-table__note">{refundInWords(order)}</span> : null}
              {order.status === 'failed' && order.failure ? <span className="order-table__note">{order.failure}</span> : null}
            </td>
            <td>{order.createdAt === null ? '—' : new Date(order.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
