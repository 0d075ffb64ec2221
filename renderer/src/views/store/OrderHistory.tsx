import { useIntl } from 'react-intl';
import type { StoreOrder } from '../../api/contract';
import { TechnicalDetails } from '../../components/TechnicalDetails';
import { beans, refundInWords, STATUS_TONE, statusWords } from './order-words';

/**
 * An account's orders, newest first, with what was refunded. The order's id and the store
 * server's own words on a failure are for whoever needs them, behind Details.
 */
export function OrderHistory({ orders, label }: { orders: readonly StoreOrder[]; label: string }) {
  const intl = useIntl();
  return (
    <table className="order-table" aria-label={intl.formatMessage({ id: 'store.orders.label' }, { name: label })}>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'store.orders.product' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'store.orders.amount' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'store.orders.status' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'store.orders.date' })}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const refund = refundInWords(intl, order);
          return (
            <tr key={order.orderId}>
              <th scope="row">
                <bdi>{order.productName}</bdi>
                <TechnicalDetails>
                  <span className="order-table__id">{order.orderId}</span>
                  {order.status === 'failed' && order.failure ? <span className="order-table__failure">{order.failure}</span> : null}
                </TechnicalDetails>
              </th>
              <td>{beans(intl, order.amount)}</td>
              <td>
                <span className={`pill pill--${STATUS_TONE[order.status]}`}>{statusWords(intl, order.status)}</span>
                {refund ? <span className="order-table__note">{refund}</span> : null}
              </td>
              <td>{order.createdAt === null ? intl.formatMessage({ id: 'store.orders.noDate' }) : intl.formatDate(order.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
