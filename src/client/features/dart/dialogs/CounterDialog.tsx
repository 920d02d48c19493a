/**
 * Counter in a negotiation (PUT api/trade/cluster/{id}/): your price as buyer or seller, the
 * quantity, the settlement date (a business day, not before today; sent only when changed), and for
 * a broker the spread on the seller's price. The other party then has the turn.
 */
import { InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { clusterUpdateSchema, type ClusterView } from '../../../../shared/contracts/trading';
import { pricingInputSchema, settlementDateSchema } from '../../../../shared/validation';
import { useCounter } from '../../../api/tradingCommandsApi';
import { useSessionProfile } from '../../../app/sessionView';
import { useToday } from '../../../app/system';
import { FormField } from '../../../ui/FormField';
import { showToast } from '../../../ui/toaster';
import { commandFailure, contractErrors, type FieldErrors, withoutKey } from './commandErrors';
import { apiValue } from './priceOrYield';
import { ClusterSummary } from './QuoteSummary';
import { TradingDialog } from './TradingDialog';

const FORM_FIELD: Record<string, string> = {
  buyer_price: 'price',
  seller_price: 'price',
  quantity: 'quantity',
  seller_spread: 'spread',
  settlement_date: 'settlement',
};
const formErrors = (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [FORM_FIELD[k] ?? k, v]));

export function CounterDialog({ cluster, onClose }: { cluster: ClusterView; onClose: () => void }) {
  const isBroker = useSessionProfile()?.is_broker ?? false;
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState(String(cluster.figures.quantity));
  const [spread, setSpread] = useState('');
  const [settlement, setSettlement] = useState(cluster.figures.settlement_date);
  const today = useToday();
  const [errors, setErrors] = useState<FieldErrors>({});
  const priceField = cluster.my_side === 'BUY' ? 'buyer_price' : 'seller_price';
  const counter = useCounter({
    onSuccess: (countered) => {
      void showToast({
        severity: 'success',
        summary: 'Counter sent',
        detail: `${countered.bond_name} at ${countered.figures.unit_clean_price.toFixed(4)}`,
      });
      onClose();
    },
    onError: (error) => setErrors(formErrors(commandFailure(error, Object.keys(FORM_FIELD)))),
  });

  const submit = () => {
    const body = {
      [priceField]: apiValue('price', price),
      quantity: apiValue('price', quantity),
      ...(isBroker && spread.trim() !== '' ? { seller_spread: apiValue('price', spread) } : {}),
      // The negotiation keeps its date unless the user moves it.
      ...(settlement !== cluster.figures.settlement_date ? { settlement_date: settlement } : {}),
    };
    const found = formErrors(contractErrors(clusterUpdateSchema, body));
    // Weekends and past dates are refused here; holidays by the server, which holds the calendar.
    if (body.settlement_date !== undefined) {
      const date = settlementDateSchema(today).safeParse(body.settlement_date);
      if (!date.success) found.settlement ??= date.error.issues[0]?.message ?? '';
    }
    // A counter is a price: the form asks for one with the pricing input's own rule.
    const typed = pricingInputSchema('price').safeParse(price);
    if (!typed.success) found.price ??= typed.error.issues[0]?.message ?? '';
    setErrors(found);
    if (Object.keys(found).length === 0) counter.mutate({ id: cluster.id, ...clusterUpdateSchema.parse(body) });
  };

  return (
    <TradingDialog
      title="Counter"
      icon="swap-horizontal"
      submitText="Send counter"
      onSubmit={submit}
      onClose={onClose}
      pending={counter.isPending}
      problem={errors['']}
    >
      <ClusterSummary cluster={cluster} />
      <FormField
        label={cluster.my_side === 'BUY' ? 'Your bid price (clean)' : 'Your offer price (clean)'}
        id="counter-price"
        error={errors.price}
      >
        <InputGroup
          id="counter-price"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={price}
          onValueChange={(v) => {
            setPrice(v);
            setErrors((e) => withoutKey(e, 'price'));
          }}
        />
      </FormField>
      <FormField label="Quantity (face value, INR)" id="counter-quantity" error={errors.quantity}>
        <InputGroup
          id="counter-quantity"
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          onValueChange={(v) => {
            setQuantity(v);
            setErrors((e) => withoutKey(e, 'quantity'));
          }}
        />
      </FormField>
      <FormField label="Settlement date" id="counter-settlement" error={errors.settlement}>
        <InputGroup
          id="counter-settlement"
          type="date"
          min={today}
          value={settlement}
          onValueChange={(v) => {
            setSettlement(v);
            setErrors((e) => withoutKey(e, 'settlement'));
          }}
        />
      </FormField>
      {isBroker && (
        <FormField label="Spread on the seller's price" id="counter-spread" error={errors.spread}>
          <InputGroup
            id="counter-spread"
            inputMode="decimal"
            autoComplete="off"
            value={spread}
            onValueChange={(v) => {
              setSpread(v);
              setErrors((e) => withoutKey(e, 'spread'));
            }}
          />
        </FormField>
      )}
    </TradingDialog>
  );
}
