/**
 * Report a trade done off the platform (issue #9), or modify a reported one: Buy/Sell, the
 * counterparty (counterparty search), the bond (bond search), quantity, price or yield with the
 * settlement (the pricing input), trade time (HH:MM IST, now by default) and date, the exchange it
 * is reported on, and an optional broker with brokerage. Spec 01 §5 rules are checked before
 * sending; the server's field messages show under the fields. A report carries an Idempotency-Key
 * that a retry of the same submission sends again, so a lost answer never makes a second order.
 */
import { FormGroup, HTMLSelect, InputGroup, Intent, SegmentedControl } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Settlement } from '../../../../machines/pricingValues';
import { businessDateOf } from '../../../shared/businessDate';
import type { OrderView } from '../../../shared/contracts/orders';
import { RFQ_PLATFORMS, type RfqPlatform } from '../../../shared/contracts/trading';
import { shiftDecimal } from '../../../shared/validation';
import { modifyOrder, reportTrade, type ReportFields, type ReportTradeBody, type TradeSide } from '../../api/ordersApi';
import { useSessionProfile } from '../../app/sessionView';
import { useSystem } from '../../app/system';
import { BondSearch } from '../../ui/BondSearch';
import { CounterpartySearch } from '../../ui/CounterpartySearch';
import { FormField } from '../../ui/FormField';
import { PricingInput } from '../../ui/PricingInput';
import { showToast } from '../../ui/toaster';
import { usePricingMode, type PricingModeActor } from '../../ui/usePricingMode';
import { commandFailure, type FieldErrors, withoutKey } from '../dart/dialogs/commandErrors';
import { TradingDialog } from '../dart/dialogs/TradingDialog';
import { useIdempotencyKey } from './idempotencyKey';
import { sideOf } from './orderLabels';
import { orderKeys } from './orderQueries';
import { modifyRequest, REPORT_SERVER_FIELDS, reportRequest, toFormErrors, type ReportTradeValues } from './reportTradeForm';
import './transactions.css';

const istTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The pricing input of one bond (a new bond gets a new actor), starting from `initialYield` percent when given. */
function BondPricing({
  bondId,
  initialYield,
  onActor,
}: {
  bondId: number;
  initialYield?: string | undefined;
  onActor: (actor: PricingModeActor) => void;
}) {
  const actor = usePricingMode({ finstrumentId: bondId, initialYield });
  useEffect(() => onActor(actor), [actor, onActor]);
  return <PricingInput pricing={actor} allowSettlementDate />;
}

export interface ReportTradeDialogProps {
  /** The order to modify; none reports a new trade. */
  order?: OrderView | undefined;
  onClose: () => void;
}

function initialValues(order: OrderView | undefined, now: Date): ReportTradeValues {
  if (!order) {
    return {
      side: 'BUY',
      counterparty: null,
      bond: null,
      quantity: '',
      tradeTime: istTime.format(now),
      tradeDate: businessDateOf(now),
      exchange: null,
      broker: null,
      brokerage: '',
    };
  }
  return {
    side: order.kind === 'SALE' ? 'SELL' : 'BUY',
    counterparty: null,
    bond: { id: order.finstrument_id, name: order.bond_name },
    quantity: String(order.quantity),
    tradeTime: order.trade_time,
    tradeDate: order.trade_date,
    exchange: order.exchange,
    broker: null,
    brokerage: Number(order.brokerage) > 0 ? order.brokerage : '',
  };
}

type Submission =
  | { kind: 'report'; side: TradeSide; body: ReportTradeBody; key: string }
  | { kind: 'modify'; order: OrderView; changes: Partial<ReportFields> };

export function ReportTradeDialog({ order, onClose }: ReportTradeDialogProps) {
  const { clock } = useSystem();
  const queryClient = useQueryClient();
  const session = useSessionProfile();
  const [values, setValues] = useState<ReportTradeValues>(() => initialValues(order, clock.now()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const pricing = useRef<PricingModeActor | null>(null);
  const initialSettlement = useRef<Settlement | null>(null);
  const keyFor = useIdempotencyKey();
  // The settlement the pricing input starts with: a modification sends the settlement only once the user changed it.
  const onPricingActor = useCallback((actor: PricingModeActor) => {
    pricing.current = actor;
    initialSettlement.current ??= actor.getSnapshot().context.settlement;
  }, []);

  // The exchanges the client reports on, once the session is known; the server has the last word.
  const allowed = session ? RFQ_PLATFORMS.filter((p) => session.allowed_reporting_exchanges.includes(p)) : [...RFQ_PLATFORMS];
  const exchange = values.exchange ?? allowed[0] ?? null;

  const clearError = (field: string) => setErrors((held) => (field in held ? withoutKey(held, field) : held));
  const set = <K extends keyof ReportTradeValues>(key: K, value: ReportTradeValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };

  const send = useMutation({
    mutationFn: (submission: Submission) =>
      submission.kind === 'report'
        ? reportTrade(submission.side, submission.body, submission.key)
        : modifyOrder(submission.order, submission.changes),
    onSuccess: async (saved) => {
      void showToast({
        severity: 'success',
        summary: order ? 'Trade modified' : 'Trade reported',
        detail: `${saved.bond_name} with ${saved.counterparty.name}`,
      });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      onClose();
    },
    onError: (error) => setErrors(toFormErrors(commandFailure(error, REPORT_SERVER_FIELDS))),
  });

  const submit = () => {
    const context = pricing.current?.getSnapshot().context ?? null;
    const now = () => clock.now();
    const filled = { ...values, exchange };
    if (order) {
      const touched = context !== null && context.settlement !== initialSettlement.current;
      const request = modifyRequest(order, filled, context, now, touched);
      setErrors('errors' in request ? request.errors : {});
      if ('changes' in request) send.mutate({ kind: 'modify', order, changes: request.changes });
      return;
    }
    const request = reportRequest(filled, context, now);
    setErrors('errors' in request ? request.errors : {});
    if ('body' in request)
      send.mutate({ kind: 'report', side: values.side, body: request.body, key: keyFor({ side: values.side, ...request.body }) });
  };

  const initialYield = order ? shiftDecimal(order.yield, 2, 4) : undefined;
  return (
    <TradingDialog
      title={order ? `Modify trade ${order.id}` : 'Report trade'}
      icon="exchange"
      submitText={order ? 'Save changes' : 'Report trade'}
      onSubmit={submit}
      onClose={onClose}
      pending={send.isPending}
      problem={errors['']}
    >
      <div className="kosh-report-dialog">
        {order ? (
          <p className="kosh-report-dialog__fixed">
            You {sideOf(order) === 'Buy' ? 'buy from' : 'sell to'} <strong>{order.counterparty.name}</strong>
          </p>
        ) : (
          <>
            <SegmentedControl
              aria-label="Side"
              fill
              intent={Intent.PRIMARY}
              value={values.side}
              onValueChange={(value) => set('side', value as TradeSide)}
              options={[
                { label: 'Buy (you bought)', value: 'BUY' },
                { label: 'Sell (you sold)', value: 'SELL' },
              ]}
            />
            <FormField
              label="Counterparty"
              id="report-counterparty"
              error={errors.counterparty}
              helper={values.counterparty ? `${values.side === 'BUY' ? 'Seller' : 'Buyer'}: ${values.counterparty.brand_name}` : undefined}
            >
              <CounterpartySearch
                id="report-counterparty"
                mode={values.side === 'BUY' ? 'sellers' : 'buyers'}
                onSelect={(c) => set('counterparty', c)}
                autoFocus
              />
            </FormField>
          </>
        )}
        <FormField label="Bond" id="report-bond" error={errors.bond}>
          {order ? (
            <InputGroup id="report-bond" value={`${order.bond_name} (${order.isin})`} readOnly />
          ) : (
            <BondSearch onSelect={(found) => set('bond', { id: found.id, name: found.display_name })} />
          )}
        </FormField>
        {values.bond && (
          <FormGroup label="Price or yield" intent={errors.pricing ? Intent.DANGER : Intent.NONE} helperText={errors.pricing}>
            <div onChange={() => clearError('pricing')} onClick={() => clearError('pricing')}>
              <BondPricing key={values.bond.id} bondId={values.bond.id} initialYield={initialYield} onActor={onPricingActor} />
            </div>
          </FormGroup>
        )}
        <div className="kosh-report-dialog__row">
          <FormField label="Quantity (face value, INR)" id="report-quantity" error={errors.quantity}>
            <InputGroup
              id="report-quantity"
              inputMode="numeric"
              autoComplete="off"
              value={values.quantity}
              onValueChange={(v) => set('quantity', v)}
              intent={errors.quantity ? Intent.DANGER : Intent.NONE}
            />
          </FormField>
          <FormField label="Trade time (IST)" id="report-time" error={errors.tradeTime}>
            <InputGroup
              id="report-time"
              autoComplete="off"
              placeholder="HH:MM"
              value={values.tradeTime}
              onValueChange={(v) => set('tradeTime', v)}
              intent={errors.tradeTime ? Intent.DANGER : Intent.NONE}
            />
          </FormField>
          <FormField label="Trade date" id="report-date" error={errors.tradeDate}>
            <InputGroup
              id="report-date"
              type="date"
              value={values.tradeDate}
              max={businessDateOf(clock.now())}
              onValueChange={(v) => {
                set('tradeDate', v);
                clearError('tradeTime');
              }}
              intent={errors.tradeDate ? Intent.DANGER : Intent.NONE}
            />
          </FormField>
        </div>
        <div className="kosh-report-dialog__row">
          <FormField label="Exchange" id="report-exchange" error={errors.exchange}>
            <HTMLSelect
              id="report-exchange"
              value={exchange ?? ''}
              onChange={(e) => set('exchange', e.currentTarget.value as RfqPlatform)}
              options={allowed.length > 0 ? allowed : [{ value: '', label: 'None allowed' }]}
              disabled={allowed.length === 0}
            />
          </FormField>
          <FormField
            label="Broker (optional)"
            id="report-broker"
            error={errors.broker}
            helper={values.broker ? values.broker.brand_name : order?.broker?.name}
          >
            <CounterpartySearch id="report-broker" mode="entities" placeholder="Broker…" onSelect={(c) => set('broker', c)} />
          </FormField>
          <FormField label="Brokerage (INR)" id="report-brokerage" error={errors.brokerage}>
            <InputGroup
              id="report-brokerage"
              inputMode="decimal"
              autoComplete="off"
              value={values.brokerage}
              onValueChange={(v) => set('brokerage', v)}
              intent={errors.brokerage ? Intent.DANGER : Intent.NONE}
            />
          </FormField>
        </div>
      </div>
    </TradingDialog>
  );
}
