/**
 * The pricing input (spec 02 §2-5, §9): the user fixes Yield or Price, types it, and sees the
 * other one computed by the lookup callback. The pricingMode actor (usePricingMode, owned by the
 * view around it) owns the switching, the debounce and the lookups; this view renders its slices.
 */
import { FormGroup, HTMLSelect, InputGroup, Intent, NumericInput, SegmentedControl, Tooltip } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { canFixPrice, type Settlement } from '../../../machines/pricingValues';
import { CLEAN_PRICE_LABEL, NOT_AVAILABLE, PRICE_STEP } from '../../shared/constants';
import { formatTypedPrice, formatTypedYield, pricingInputSchema, type FixedField } from '../../shared/validation';
import type { PricingModeActor } from './usePricingMode';
import './PricingInput.css';

export interface PricingInputProps {
  pricing: PricingModeActor;
  disabled?: boolean;
  /** Also offers a settlement date besides T+0/1/2. */
  allowSettlementDate?: boolean;
}

const SETTLEMENT_OPTIONS = [
  { value: '0', label: 'T+0' },
  { value: '1', label: 'T+1' },
  { value: '2', label: 'T+2' },
];

function errorFor(fixedField: FixedField, text: string, disabled: boolean): string | undefined {
  const result = pricingInputSchema(fixedField, { disabled }).safeParse(text);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The Yield/Price widget over a pricingMode actor. */
export function PricingInput({ pricing: actor, disabled = false, allowSettlementDate = false }: PricingInputProps) {
  const id = useId();

  const fixedField = useSelector(actor, (s) => s.context.fixedField);
  const yieldText = useSelector(actor, (s) => s.context.yieldText);
  const priceText = useSelector(actor, (s) => s.context.priceText);
  const canBePriced = useSelector(actor, (s) => s.context.canBePriced);
  const priceAllowed = useSelector(actor, (s) => canFixPrice(s.context));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [touched, setTouched] = useState(false);
  const [settlementKind, setSettlementKind] = useState(() => String(actor.getSnapshot().context.settlement.delta ?? 'date'));
  const [settlementDate, setSettlementDate] = useState('');

  const text = fixedField === 'yield' ? yieldText : priceText;
  const error = touched ? errorFor(fixedField, text, disabled) : undefined;
  const changeSettlement = (settlement: Settlement) => actor.send({ type: 'settlement.changed', settlement });

  return (
    <div className="kosh-pricing-input" data-fixed-field={fixedField}>
      <SegmentedControl
        aria-label="Fix yield or price"
        size="small"
        intent={Intent.PRIMARY}
        disabled={disabled}
        value={fixedField}
        onValueChange={(value) => actor.send({ type: value === 'price' ? 'mode.fixPrice' : 'mode.fixYield' })}
        options={[
          { label: 'Yield', value: 'yield' },
          { label: 'Price', value: 'price', disabled: !priceAllowed },
        ]}
      />
      <FormGroup
        className="kosh-pricing-input__field"
        label={fixedField === 'yield' ? 'Yield (%)' : 'Clean price'}
        labelFor={`${id}-value`}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error}
      >
        {/* No min/max: Blueprint clamps the value when they change (on a Yield ↔ Price switch) and
            reports the clamped number as if typed. pricingInputSchema checks the range instead. */}
        <NumericInput
          id={`${id}-value`}
          buttonPosition="none"
          fill
          disabled={disabled}
          intent={error ? Intent.DANGER : Intent.NONE}
          value={text}
          stepSize={PRICE_STEP}
          minorStepSize={null}
          majorStepSize={fixedField === 'price' ? 1 : 0.01}
          placeholder={fixedField === 'yield' ? '7.4200' : '100.0000'}
          rightElement={fixedField === 'yield' ? <span className="kosh-pricing-input__unit">%</span> : undefined}
          onValueChange={(_n, typed) => {
            setTouched(true);
            actor.send({ type: 'input.typed', text: typed });
          }}
          onBlur={() => setTouched(true)}
        />
      </FormGroup>
      <div className="kosh-pricing-input__results" aria-live="polite" aria-busy={busy}>
        <span className="kosh-pricing-input__result">
          <span className="bp6-text-muted">{CLEAN_PRICE_LABEL}</span>{' '}
          {canBePriced ? (
            <strong data-testid="clean-price">{priceText ? formatTypedPrice(priceText) : '—'}</strong>
          ) : (
            <Tooltip content={NOT_AVAILABLE.tooltip} placement="top">
              <strong data-testid="clean-price" tabIndex={0} aria-label={`${NOT_AVAILABLE.value} (${NOT_AVAILABLE.tooltip})`}>
                {NOT_AVAILABLE.value}
              </strong>
            </Tooltip>
          )}
        </span>
        <span className="kosh-pricing-input__result">
          <span className="bp6-text-muted">Yield:</span>{' '}
          <strong data-testid="bond-yield">{yieldText ? formatTypedYield(yieldText) : '—'}</strong>
        </span>
      </div>
      <FormGroup className="kosh-pricing-input__settlement" label="Settlement" labelFor={`${id}-settlement`} inline>
        <HTMLSelect
          id={`${id}-settlement`}
          disabled={disabled}
          value={settlementKind}
          options={allowSettlementDate ? [...SETTLEMENT_OPTIONS, { value: 'date', label: 'Date' }] : SETTLEMENT_OPTIONS}
          onChange={(e) => {
            const kind = e.currentTarget.value;
            setSettlementKind(kind);
            if (kind !== 'date') changeSettlement({ delta: Number(kind) });
            else if (settlementDate) changeSettlement({ date: settlementDate });
          }}
        />
        {settlementKind === 'date' && (
          <InputGroup
            type="date"
            aria-label="Settlement date"
            disabled={disabled}
            value={settlementDate}
            onValueChange={(value) => {
              setSettlementDate(value);
              if (value) changeSettlement({ date: value });
            }}
          />
        )}
      </FormGroup>
    </div>
  );
}
