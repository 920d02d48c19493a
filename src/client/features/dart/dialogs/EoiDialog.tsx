/**
 * The new-EOI dialog (issue #14): a bid or an offer on one bond, priced by yield or by price with
 * the pricing input, for a quantum, a validity and a settlement date or T+0/1/2, on an RFQ
 * platform the client may use; to the market or one-to-one to a counterparty, disclosed or
 * anonymous, on the broker's book or for an end client, optionally sent to the exchange's RFQ and
 * marked as the sender's best price.
 * A price-override user may post at their own clean price instead of the engine's for the yield,
 * after confirming it (spec 01 §6). Drafted here, live once the server accepts it (machines/eoi.machine.ts: draft → live).
 */
import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, SegmentedControl, Switch } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { eoiDialogMachine, type EoiDraft } from '../../../../../machines/eoiDialog.machine';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PricingModeContext } from '../../../../../machines/pricingValues';
import type { EoiView, QUOTE_TYPES } from '../../../../shared/contracts/trading';
import { useCreateEoi } from '../../../api/tradingCommandsApi';
import { inspect } from '../../../app/actorInspection';
import { useSessionProfile } from '../../../app/sessionView';
import { BondSearch } from '../../../ui/BondSearch';
import { CounterpartySearch } from '../../../ui/CounterpartySearch';
import { FormField } from '../../../ui/FormField';
import { bondDetailQuery } from '../../security/securityQueries';
import { PricingInput } from '../../../ui/PricingInput';
import { showToast } from '../../../ui/toaster';
import { usePricingMode, type PricingModeActor } from '../../../ui/usePricingMode';
import { commandFailure, type FieldErrors, withoutKey } from './commandErrors';
import { EOI_SERVER_FIELDS, eoiRequest, toFormErrors, type EoiFormValues } from './eoiForm';
import { allowedPlatforms } from './exchanges';
import { TradingDialog } from './TradingDialog';

export interface EoiDialogProps {
  side: (typeof QUOTE_TYPES)[number];
  /** The bond chosen on the page (B / S on a selected row); else the user searches for one. */
  bondId?: number;
  onClose: () => void;
}

export const SIDE_LABEL = { BID: 'Bid', ASK: 'Offer' } as const;

/** The pricing input of one bond: its actor is made for the bond, so a new bond gets a new one. */
function BondPricing({ bondId, onActor }: { bondId: number; onActor: (actor: PricingModeActor) => void }) {
  const actor = usePricingMode({ finstrumentId: bondId });
  useEffect(() => onActor(actor), [actor, onActor]);
  return <PricingInput pricing={actor} allowSettlementDate />;
}

export function EoiDialog({ side, bondId, onClose }: EoiDialogProps) {
  const session = useSessionProfile();
  const platforms = useMemo(() => allowedPlatforms(session), [session]);
  const chosenBond = useQuery({ ...bondDetailQuery(bondId ?? 0), enabled: bondId !== undefined });
  const [values, setValues] = useState<EoiFormValues>(() => ({
    bond: bondId === undefined ? null : { id: bondId, name: '' },
    side,
    quantum: '',
    validity: '',
    exchange: null,
    oneToOne: false,
    counterparty: null,
    anonymous: false,
    forEndClient: false,
    endClient: null,
    sendToRfq: false,
    isBest: false,
    overridePrice: '',
    overrideConfirmed: false,
  }));
  const mayOverride = session?.user_info.roles.includes('priceoverride') ?? false;
  const [errors, setErrors] = useState<FieldErrors>({});
  const pricing = useRef<PricingModeActor | null>(null);
  // An edited field's message goes: it spoke about the value the user just changed.
  const clearError = (field: string) => setErrors((held) => (field in held ? withoutKey(held, field) : held));
  const set = <K extends keyof EoiFormValues>(key: K, value: EoiFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };

  // The first platform the client may use, until the user picks one (the session may come later).
  const exchange = values.exchange ?? platforms[0] ?? null;

  const create = useCreateEoi();
  // The dialog's states follow eoiDialog.machine: draft, posting, live (posted) or cancelled. Its
  // effects are fixed at creation: the mutation's mutateAsync is stable, and the host gives each
  // request its own dialog (and close).
  const dialog = useActorRef(
    eoiDialogMachine.provide({
      actors: { postEoi: fromPromise<EoiView, EoiDraft>(({ input }) => create.mutateAsync(input)) },
      actions: {
        announcePosted: (_, eoi) =>
          void showToast({
            severity: 'success',
            summary: `${SIDE_LABEL[eoi.quote_type]} posted`,
            detail: `${eoi.bond_name}: live on ${eoi.exchange}${eoi.price_overridden ? ` at your price ${eoi.unit_price_stored.toFixed(4)}` : ''}`,
          }),
        showRefusal: (_, error) => setErrors(toFormErrors(commandFailure(error, EOI_SERVER_FIELDS))),
        close: () => onClose(),
      },
    }),
    { inspect },
  );
  const posting = useSelector(dialog, (s) => s.hasTag('busy'));

  const submit = () => {
    const context: PricingModeContext | null = pricing.current?.getSnapshot().context ?? null;
    const request = eoiRequest({ ...values, exchange }, context);
    setErrors('errors' in request ? request.errors : {});
    dialog.send({ type: 'draft.submit', draft: 'errors' in request ? null : request.body });
  };

  const lookingFor = values.side === 'BID' ? 'sellers' : 'buyers';
  return (
    <TradingDialog
      title={`New ${SIDE_LABEL[values.side].toLowerCase()}`}
      icon={values.side === 'BID' ? 'arrow-down' : 'arrow-up'}
      submitText={`Post ${SIDE_LABEL[values.side].toLowerCase()}`}
      onSubmit={submit}
      onClose={() => dialog.send({ type: 'draft.cancel' })}
      pending={posting}
      problem={errors['']}
    >
      <div className="kosh-eoi-dialog">
        <SegmentedControl
          aria-label="Side"
          fill
          intent={Intent.PRIMARY}
          value={values.side}
          onValueChange={(value) => set('side', value as EoiFormValues['side'])}
          options={[
            { label: 'Bid (buy)', value: 'BID' },
            { label: 'Offer (sell)', value: 'ASK' },
          ]}
        />
        <FormField label="Bond" id="eoi-bond" error={errors.bond}>
          {bondId !== undefined ? (
            <InputGroup id="eoi-bond" value={chosenBond.data?.display_name ?? ''} readOnly />
          ) : (
            <BondSearch onSelect={(found) => set('bond', { id: found.id, name: found.display_name })} autoFocus />
          )}
        </FormField>
        {values.bond && (
          <FormGroup label="Price or yield" intent={errors.pricing ? Intent.DANGER : Intent.NONE} helperText={errors.pricing}>
            <div onChange={() => clearError('pricing')} onClick={() => clearError('pricing')}>
              <BondPricing
                key={values.bond.id}
                bondId={values.bond.id}
                onActor={(actor) => {
                  pricing.current = actor;
                }}
              />
            </div>
          </FormGroup>
        )}
        {mayOverride && values.bond && (
          <div className="kosh-eoi-dialog__override">
            <FormField
              label="Override price (clean)"
              id="eoi-override"
              error={errors.overridePrice}
              helper="Replaces the engine's price for the yield above. Blank: the engine's price."
            >
              <InputGroup
                id="eoi-override"
                inputMode="decimal"
                autoComplete="off"
                leftIcon="edit"
                value={values.overridePrice}
                onValueChange={(v) => set('overridePrice', v)}
                intent={errors.overridePrice ? Intent.DANGER : Intent.WARNING}
              />
            </FormField>
            {values.overridePrice.trim() !== '' && (
              <FormGroup intent={errors.overrideConfirmed ? Intent.DANGER : Intent.NONE} helperText={errors.overrideConfirmed}>
                <Checkbox
                  label="I confirm posting at my price instead of the engine's"
                  checked={values.overrideConfirmed}
                  onChange={(e) => set('overrideConfirmed', e.currentTarget.checked)}
                />
              </FormGroup>
            )}
          </div>
        )}
        <div className="kosh-eoi-dialog__row">
          <FormField label="Quantum (face value, INR)" id="eoi-quantum" error={errors.quantum}>
            <InputGroup
              id="eoi-quantum"
              inputMode="numeric"
              autoComplete="off"
              value={values.quantum}
              onValueChange={(v) => set('quantum', v)}
              intent={errors.quantum ? Intent.DANGER : Intent.NONE}
              autoFocus={bondId !== undefined}
            />
          </FormField>
          <FormField label="Validity (minutes)" id="eoi-validity" error={errors.validity} helper="Blank: until the end of the trading day">
            <InputGroup
              id="eoi-validity"
              inputMode="numeric"
              autoComplete="off"
              value={values.validity}
              onValueChange={(v) => set('validity', v)}
              intent={errors.validity ? Intent.DANGER : Intent.NONE}
            />
          </FormField>
          <FormField label="RFQ platform" id="eoi-exchange" error={errors.exchange}>
            <HTMLSelect
              id="eoi-exchange"
              value={exchange ?? ''}
              onChange={(e) => set('exchange', e.currentTarget.value as EoiFormValues['exchange'])}
              options={platforms.length > 0 ? platforms : [{ value: '', label: 'None allowed' }]}
              disabled={platforms.length === 0}
            />
          </FormField>
        </div>
        <div className="kosh-eoi-dialog__switches">
          <Switch label="One-to-one" checked={values.oneToOne} onChange={(e) => set('oneToOne', e.currentTarget.checked)} />
          <Switch label="Anonymous" checked={values.anonymous} onChange={(e) => set('anonymous', e.currentTarget.checked)} />
          <Switch label="Send to RFQ" checked={values.sendToRfq} onChange={(e) => set('sendToRfq', e.currentTarget.checked)} />
          <Switch label="Best price" checked={values.isBest} onChange={(e) => set('isBest', e.currentTarget.checked)} />
          {session?.is_broker && (
            <Switch
              label="For an end client"
              checked={values.forEndClient}
              onChange={(e) => set('forEndClient', e.currentTarget.checked)}
            />
          )}
        </div>
        {values.oneToOne && (
          <FormField
            label="Counterparty"
            id="eoi-counterparty"
            error={errors.counterparty}
            helper={values.counterparty ? `Goes to ${values.counterparty.brand_name} only` : undefined}
          >
            <CounterpartySearch id="eoi-counterparty" mode={lookingFor} onSelect={(c) => set('counterparty', c)} />
          </FormField>
        )}
        {values.forEndClient && (
          <FormField label="End client" id="eoi-end-client" error={errors.endClient}>
            <CounterpartySearch id="eoi-end-client" mode="entities" scope="end_clients" onSelect={(c) => set('endClient', c)} />
          </FormField>
        )}
      </div>
    </TradingDialog>
  );
}
