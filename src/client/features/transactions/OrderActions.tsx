/**
 * The buttons of the actions the server allows the caller on an order (`order.actions`, computed
 * from the order machine for this user: view-only users get none). Reject asks for confirmation
 * with an optional reason, cancelling asks for confirmation; Modify is handed to the page. An accept
 * names the revision the user saw; if the reporter changed the trade meanwhile the server answers
 * with the new figures, shown for a second look before the user accepts those (issue #27).
 */
import { Alert, Button, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderAction, OrderView } from '../../../shared/contracts/orders';
import { ApiRequestError } from '../../api/http';
import { acceptOrder, cancelOrder, rejectOrder, settleOrCancel } from '../../api/ordersApi';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { ACTION_LABELS } from './orderLabels';
import { orderKeys } from './orderQueries';

type Command = Exclude<OrderAction, 'modify'>;

const DONE: Record<Command, string> = {
  accept: 'Trade confirmed',
  reject: 'Trade rejected',
  cancel: 'Trade cancelled',
  pay_in: 'Your leg is paid in',
  request_cancel: 'Cancellation requested',
};

/** The report's figures now, as the server sends them with 409 FIGURES_CHANGED. */
export interface ChangedFigures {
  revision: string;
  quantity: string;
  unit_price: string;
  yield: string;
  settlement_date: string;
  consideration: string;
  brokerage: string;
}

export const FIGURES_CHANGED_TITLE = 'The reporter changed this trade since you looked. Accept it at these figures?';

function changedFigures(error: unknown): ChangedFigures | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const data = error.data as { code?: string; fields?: ChangedFigures } | undefined;
  return data?.code === 'FIGURES_CHANGED' && data.fields ? data.fields : null;
}

function run(order: OrderView, command: Command, reason: string, revision: number) {
  switch (command) {
    case 'accept':
      return acceptOrder(order, revision);
    case 'reject':
      return rejectOrder(order, reason.trim() || undefined);
    case 'cancel':
      return cancelOrder(order);
    case 'pay_in':
      return settleOrCancel(order, 'settle');
    case 'request_cancel':
      return settleOrCancel(order, 'cancel');
  }
}

const INTENT: Record<OrderAction, Intent> = {
  accept: Intent.SUCCESS,
  reject: Intent.DANGER,
  modify: Intent.NONE,
  cancel: Intent.DANGER,
  pay_in: Intent.PRIMARY,
  request_cancel: Intent.WARNING,
};

export interface OrderActionsProps {
  order: OrderView;
  onModify: (order: OrderView) => void;
}

export function OrderActions({ order, onModify }: OrderActionsProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'reject' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const [changed, setChanged] = useState<ChangedFigures | null>(null);
  const command = useMutation({
    mutationFn: (which: Command) => run(order, which, reason, changed ? Number(changed.revision) : order.revision),
    onSuccess: async (_order, which) => {
      setConfirming(null);
      setChanged(null);
      void showToast({ severity: 'success', summary: DONE[which] });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: async (error) => {
      const now = changedFigures(error);
      if (!now) return void showToast({ severity: 'error', summary: toastMessageFromError(error) });
      setChanged(now);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  if (order.actions.length === 0) return null;

  const press = (action: OrderAction) => {
    if (action === 'modify') onModify(order);
    else if (action === 'reject' || action === 'cancel') {
      setReason('');
      setConfirming(action);
    } else command.mutate(action);
  };
  return (
    <div className="kosh-order-actions" role="group" aria-label="Order actions">
      {order.actions.map((action) => (
        <Button
          key={action}
          text={ACTION_LABELS[action]}
          intent={INTENT[action]}
          disabled={command.isPending}
          loading={command.isPending && command.variables === action}
          onClick={() => press(action)}
        />
      ))}
      <Alert
        isOpen={confirming !== null}
        intent={Intent.DANGER}
        icon={confirming === 'reject' ? 'cross-circle' : 'trash'}
        confirmButtonText={confirming === 'reject' ? 'Reject trade' : 'Cancel trade'}
        cancelButtonText="Keep it"
        loading={command.isPending}
        onConfirm={() => confirming && command.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming === 'reject' ? (
          <>
            <p>Reject this trade reported by {order.counterparty.name}? The report is closed and nothing settles.</p>
            <FormGroup label="Reason (optional)" labelFor="order-reject-reason">
              <TextArea id="order-reject-reason" fill value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
            </FormGroup>
          </>
        ) : (
          <p>Cancel this trade with {order.counterparty.name}? It will not settle.</p>
        )}
      </Alert>
      <Alert
        isOpen={changed !== null}
        intent={Intent.SUCCESS}
        icon="warning-sign"
        confirmButtonText="Accept at these figures"
        cancelButtonText="Not now"
        loading={command.isPending}
        onConfirm={() => command.mutate('accept')}
        onCancel={() => setChanged(null)}
      >
        <p>{FIGURES_CHANGED_TITLE}</p>
        {changed && (
          <dl className="kosh-changed-figures" aria-label="Current figures">
            <dt>Quantity</dt>
            <dd>{changed.quantity}</dd>
            <dt>Price</dt>
            <dd>{changed.unit_price}</dd>
            <dt>Yield</dt>
            <dd>{changed.yield}</dd>
            <dt>Settlement date</dt>
            <dd>{changed.settlement_date}</dd>
            <dt>Consideration (INR)</dt>
            <dd>{changed.consideration}</dd>
            <dt>Brokerage (INR)</dt>
            <dd>{changed.brokerage}</dd>
          </dl>
        )}
      </Alert>
    </div>
  );
}
