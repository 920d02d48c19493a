/**
 * The selected order in a drawer: the trade, its figures (principal, accrued, consideration, stamp
 * duty paid by the buyer, brokerage), the parties, the settlement legs and cancel requests, the
 * timeline from the event log, the actions the server allows and the contract note.
 */
import { Button, Callout, Classes, Drawer, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderDetail, OrderView } from '../../../shared/contracts/orders';
import { formatYieldPercent } from '../../../shared/validation';
import { LoadFailed } from '../../ui/LoadFailed';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { formatDate, formatInr } from '../security/format';
import { openContractNote } from './contractNote';
import { formatQuantity } from './orderColumns';
import { LATE_LABEL, sideOf, STATUS_INTENTS, STATUS_LABELS } from './orderLabels';
import { orderDetailQuery } from './orderQueries';
import { OrderActions } from './OrderActions';

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function Rows({ label, rows }: { label: string; rows: [string, string][] }) {
  return (
    <HTMLTable compact className="kosh-order-figures" aria-label={label}>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const yesNo = (done: boolean) => (done ? 'In' : 'Awaited');

/**
 * The actions and the contract note, in the drawer's footer: at the top they sat under the app's
 * top-right toasts (a toast covered Pay in right after the last action), and below the timeline
 * they were out of sight.
 */
function OrderFooter({ order, onModify }: { order: OrderDetail; onModify: (order: OrderView) => void }) {
  const note = useMutation({
    mutationFn: () => openContractNote(order),
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
  });
  return (
    <div className={`${Classes.DRAWER_FOOTER} kosh-order-drawer__footer`}>
      <OrderActions order={order} onModify={onModify} />
      <Button
        className="kosh-order-drawer__note"
        icon="document-open"
        text="Contract note"
        loading={note.isPending}
        onClick={() => note.mutate()}
      />
    </div>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const cancelRequests = [
    order.cancel_requested_by_me && 'You asked to cancel',
    order.cancel_requested_by_counterparty && `${order.counterparty.name} asked to cancel`,
  ].filter((text): text is string => Boolean(text));
  return (
    <>
      <div className="kosh-order-drawer__head">
        <Tag intent={STATUS_INTENTS[order.status]} large>
          {STATUS_LABELS[order.status]}
        </Tag>
        {order.late_reported && (
          <Tag intent={Intent.WARNING} minimal icon="time">
            {LATE_LABEL}
          </Tag>
        )}
        <span className="kosh-order-drawer__ref">
          Order {order.id} · {order.clearing_corporation}
        </span>
      </div>
      {order.reason && (
        <Callout intent={Intent.WARNING} compact>
          {order.reason}
        </Callout>
      )}
      <Rows
        label="Trade"
        rows={[
          ['Bond', `${order.bond_name} (${order.isin})`],
          ['You', `${sideOf(order) === 'Buy' ? 'buy from' : 'sell to'} ${order.counterparty.name}`],
          ['Quantity', formatQuantity(order.quantity)],
          ['Clean price', order.unit_price],
          ['Yield', formatYieldPercent(order.yield)],
          ['Traded', `${formatDate(order.trade_date)} ${order.trade_time} IST`],
          ['Settles', formatDate(order.settlement_date)],
          ['Exchange', `${order.exchange} (${order.clearing_corporation})`],
        ]}
      />
      <Rows
        label="Figures"
        rows={[
          ['Principal', formatInr(order.principal)],
          ['Accrued interest', formatInr(order.accrued_interest)],
          ['Consideration', formatInr(order.consideration)],
          ['Stamp duty (buyer pays)', formatInr(order.stamp_duty)],
          ['Brokerage', formatInr(order.brokerage)],
        ]}
      />
      <Rows
        label="Parties"
        rows={[
          ['Buyer', order.buyer.name],
          ['Seller', order.seller.name],
          ['Broker', order.broker?.name ?? '—'],
          ['Reported by', order.reported_by_me ? 'You' : order.counterparty.name],
        ]}
      />
      <Rows
        label="Settlement"
        rows={[
          ['Funds in (buyer)', yesNo(order.funds_paid_in)],
          ['Securities in (seller)', yesNo(order.securities_paid_in)],
          ['Cancel requests', cancelRequests.length > 0 ? cancelRequests.join('; ') : 'None'],
        ]}
      />
      <h4 className="kosh-order-drawer__section">Timeline</h4>
      <ol className="kosh-order-timeline" aria-label="Timeline">
        {order.timeline.map((entry) => (
          <li key={entry.event_id}>
            <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
            <span>{entry.label}</span>
            {entry.actor && <span className="kosh-order-timeline__actor">{entry.actor}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

export interface OrderDrawerProps {
  /** The row chosen; the drawer reads its detail (and keeps it current). */
  order: OrderView | null;
  onClose: () => void;
  onModify: (order: OrderView) => void;
}

export function OrderDrawer({ order, onClose, onModify }: OrderDrawerProps) {
  const detail = useQuery({ ...orderDetailQuery(order ?? { kind: 'SALE', id: 0 }), enabled: order !== null });
  return (
    <Drawer
      isOpen={order !== null}
      onClose={onClose}
      size="480px"
      icon="exchange"
      className="kosh-order-drawer"
      title={order ? `${sideOf(order)} · ${order.bond_name}` : ''}
    >
      <div className={`${Classes.DRAWER_BODY} kosh-order-drawer__body`}>
        {detail.isError ? (
          <LoadFailed title="The order could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />
        ) : detail.data ? (
          <OrderBody order={detail.data} />
        ) : (
          <Spinner aria-label="Loading the order" />
        )}
      </div>
      {detail.data && <OrderFooter order={detail.data} onModify={onModify} />}
    </Drawer>
  );
}
