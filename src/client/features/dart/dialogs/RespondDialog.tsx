/**
 * Respond to another client's quote (POST api/eoi/add-negotiation/): the quantity to deal in and
 * a price or a yield, or the quote's own price. Opens a negotiation with the quote's owner.
 */
import { FormGroup, InputGroup, Intent, SegmentedControl, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { respondSchema, type EoiView } from '../../../../shared/contracts/trading';
import { pricingInputSchema } from '../../../../shared/validation';
import { useRespond } from '../../../api/tradingCommandsApi';
import { FormField } from '../../../ui/FormField';
import { showToast } from '../../../ui/toaster';
import { commandFailure, contractErrors, type FieldErrors, withoutKey } from './commandErrors';
import { apiValue, type PriceOrYield } from './priceOrYield';
import { EoiSummary } from './QuoteSummary';
import { TradingDialog } from './TradingDialog';

const SERVER_FIELDS = ['maximum_lot_stored', 'unit_price_stored', 'yield_stored'];
const FORM_FIELD: Record<string, string> = { maximum_lot_stored: 'quantity', unit_price_stored: 'value', yield_stored: 'value' };
const formErrors = (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [FORM_FIELD[k] ?? k, v]));

export function RespondDialog({ eoi, onClose }: { eoi: EoiView; onClose: () => void }) {
  const [quantity, setQuantity] = useState(String(eoi.quantum));
  const [kind, setKind] = useState<PriceOrYield>('price');
  const [value, setValue] = useState('');
  const [atTheirPrice, setAtTheirPrice] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const respond = useRespond({
    onSuccess: (cluster) => {
      void showToast({
        severity: 'success',
        summary: 'Response sent',
        detail: `${cluster.bond_name} at ${cluster.figures.unit_clean_price.toFixed(4)}`,
      });
      onClose();
    },
    onError: (error) => setErrors(formErrors(commandFailure(error, SERVER_FIELDS))),
  });

  const submit = () => {
    const body = {
      respond_eoi_id: eoi.id,
      maximum_lot_stored: apiValue('price', quantity),
      ...(atTheirPrice
        ? { use_respond_eoi_price: true }
        : { [kind === 'price' ? 'unit_price_stored' : 'yield_stored']: apiValue(kind, value) }),
    };
    const found = formErrors(contractErrors(respondSchema, body));
    const typed = pricingInputSchema(kind).safeParse(value);
    if (!atTheirPrice && !typed.success) found.value ??= typed.error.issues[0]?.message ?? '';
    setErrors(found);
    if (Object.keys(found).length === 0) respond.mutate(respondSchema.parse(body));
  };

  return (
    <TradingDialog
      title="Respond to quote"
      icon="exchange"
      submitText="Send response"
      onSubmit={submit}
      onClose={onClose}
      pending={respond.isPending}
      problem={errors['']}
    >
      <EoiSummary eoi={eoi} />
      <FormField label="Quantity (face value, INR)" id="respond-quantity" error={errors.quantity}>
        <InputGroup
          id="respond-quantity"
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          onValueChange={(v) => {
            setQuantity(v);
            setErrors((e) => withoutKey(e, 'quantity'));
          }}
        />
      </FormField>
      <Switch label="At the quote's own price" checked={atTheirPrice} onChange={(e) => setAtTheirPrice(e.currentTarget.checked)} />
      {!atTheirPrice && (
        <FormGroup
          label={kind === 'price' ? 'Your clean price' : 'Your yield (%)'}
          labelFor="respond-value"
          intent={errors.value ? Intent.DANGER : Intent.NONE}
          helperText={errors.value}
        >
          <SegmentedControl
            aria-label="Respond by price or yield"
            size="small"
            value={kind}
            onValueChange={(v) => setKind(v as PriceOrYield)}
            options={[
              { label: 'Price', value: 'price' },
              { label: 'Yield', value: 'yield' },
            ]}
          />
          <InputGroup
            id="respond-value"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={value}
            onValueChange={(v) => {
              setValue(v);
              setErrors((e) => withoutKey(e, 'value'));
            }}
            intent={errors.value ? Intent.DANGER : Intent.NONE}
          />
        </FormGroup>
      )}
    </TradingDialog>
  );
}
