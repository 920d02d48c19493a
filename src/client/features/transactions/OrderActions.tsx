/**
 * The buttons of the actions the server allows the caller on an order (`order.actions`, computed
 * from the order machine for this user: view-only users get none). Reject asks for confirmation
 * with an optional reason, cancelling asks for confirmation; Modify is handed to the page.
 */
import { Alert, Button, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderAction, OrderView } from '../../../shared/contracts/orders';
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

function run(order: OrderView, command: Command, reason: string) {
  switch (command) {
    case 'accept':
      return acceptOrder(order);
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
  const command = useMutation({
    mutationFn: (which: Command) => run(order, which, reason),
    onSuccess: async (_order, which) => {
      setConfirming(null);
      void showToast({ severity: 'success', summary: DONE[which] });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => void showToast({ severity: 'error', summary: toastMessageFromError(error) }),
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
    </div>
  );
}
