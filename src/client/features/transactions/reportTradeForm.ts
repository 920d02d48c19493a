/**
 * The report-trade form's values and the body they make (spec 01 §5 rules, word for word: quantum,
 * price or yield as typed in percent, trade time not later than now in IST, settlement date), and
 * the server's field names mapped onto the form's for its 400 `fields`.
 */
import type { PricingModeContext } from '../../../../machines/pricingValues';
import type { Counterparty } from '../../../shared/contracts/counterparties';
import { ORDER_MESSAGES, type OrderView } from '../../../shared/contracts/orders';
import { type RfqPlatform, TRADING_MESSAGES } from '../../../shared/contracts/trading';
import {
  isIsoDate,
  priceSchema,
  quantumSchema,
  readNumber,
  settlementDateSchema,
  toApiYield,
  tradeTimeSchema,
  VALIDATION_MESSAGES,
  yieldPercentSchema,
} from '../../../shared/validation';
import type { ReportFields, ReportTradeBody, TradeSide } from '../../api/ordersApi';
import type { FieldErrors } from '../dart/dialogs/commandErrors';

export interface ReportTradeValues {
  side: TradeSide;
  counterparty: Counterparty | null;
  bond: { id: number; name: string } | null;
  quantity: string;
  /** 'HH:MM', IST. */
  tradeTime: string;
  /** 'YYYY-MM-DD'. */
  tradeDate: string;
  exchange: RfqPlatform | null;
  broker: Counterparty | null;
  brokerage: string;
}

/** Ours: rules of this form the spec gives no text for. */
export const REPORT_MESSAGES = {
  exchangeRequired: 'Choose the exchange the trade is reported on',
  nothingChanged: 'Nothing was changed',
} as const;

// The server's field names, as the form shows them ('' is the form itself).
const FIELD_OF: Record<string, string> = {
  counterparty_client_id: 'counterparty',
  counterparty_user_account_id: 'counterparty',
  finstrument_id: 'bond',
  quantity: 'quantity',
  unit_price_stored: 'pricing',
  yield_stored: 'pricing',
  settlement_date: 'pricing',
  settlement_delta: 'pricing',
  trade_time: 'tradeTime',
  trade_date: 'tradeDate',
  exchange: 'exchange',
  broker_client_id: 'broker',
  brokerage: 'brokerage',
};
export const REPORT_SERVER_FIELDS = Object.keys(FIELD_OF);

/** Maps the server's field names onto the form's. */
export const toFormErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [FIELD_OF[field] ?? field, message]));

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** The report fields (everything but who and which bond), or the messages that stop them being sent. */
function reportFields(
  values: ReportTradeValues,
  pricing: PricingModeContext | null,
  now: () => Date,
): { fields: ReportFields; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const check = (field: string, message: string | undefined) => {
    if (message) errors[field] ??= message;
  };

  check('quantity', firstMessage(quantumSchema.safeParse(values.quantity)));
  const fixedField = pricing?.fixedField ?? 'yield';
  const typed = fixedField === 'price' ? (pricing?.priceText ?? '') : (pricing?.yieldText ?? '');
  check('pricing', firstMessage((fixedField === 'price' ? priceSchema : yieldPercentSchema).safeParse(typed)));
  if (!isIsoDate(values.tradeDate)) check('tradeDate', VALIDATION_MESSAGES.date);
  check(
    'tradeTime',
    firstMessage(tradeTimeSchema(now, isIsoDate(values.tradeDate) ? { tradeDate: values.tradeDate } : {}).safeParse(values.tradeTime)),
  );
  const settlement = pricing?.settlement ?? { delta: 1 };
  if (settlement.date !== undefined) check('pricing', firstMessage(settlementDateSchema(values.tradeDate).safeParse(settlement.date)));
  if (!values.exchange) check('exchange', REPORT_MESSAGES.exchangeRequired);
  const brokerage = values.brokerage.trim();
  if (brokerage !== '') {
    const read = readNumber(brokerage);
    check('brokerage', !read ? VALIDATION_MESSAGES.notNumber : read.value < 0 ? VALIDATION_MESSAGES.negative : undefined);
  }

  const fields: ReportFields = {
    quantity: readNumber(values.quantity)?.value ?? values.quantity,
    ...(fixedField === 'price'
      ? { unit_price_stored: readNumber(typed)?.value ?? typed }
      : errors.pricing
        ? {}
        : { yield_stored: toApiYield(typed) }),
    trade_time: values.tradeTime.trim(),
    trade_date: values.tradeDate,
    ...(settlement.date !== undefined ? { settlement_date: settlement.date } : { settlement_delta: settlement.delta as 0 | 1 | 2 }),
    exchange: values.exchange ?? 'NSE',
    ...(values.broker ? { broker_client_id: values.broker.client_id } : {}),
    ...(brokerage !== '' ? { brokerage } : {}),
  };
  return { fields, errors };
}

/** The report's body, or the messages that stop it being sent. */
export function reportRequest(
  values: ReportTradeValues,
  pricing: PricingModeContext | null,
  now: () => Date,
): { body: ReportTradeBody } | { errors: FieldErrors } {
  const { fields, errors } = reportFields(values, pricing, now);
  if (!values.counterparty) errors.counterparty = ORDER_MESSAGES.counterpartyRequired;
  if (!values.bond) errors.bond = TRADING_MESSAGES.bondUnknown;
  if (Object.keys(errors).length > 0 || !values.counterparty || !values.bond) return { errors };
  return { body: { counterparty_client_id: values.counterparty.client_id, finstrument_id: values.bond.id, ...fields } };
}

/** A modification: only the report fields that differ from the order's, or the messages that stop it. */
export function modifyRequest(
  order: OrderView,
  values: ReportTradeValues,
  pricing: PricingModeContext | null,
  now: () => Date,
  settlementTouched: boolean,
): { changes: Partial<ReportFields> } | { errors: FieldErrors } {
  const { fields, errors } = reportFields(values, pricing, now);
  if (Object.keys(errors).length > 0) return { errors };
  const original: Partial<Record<keyof ReportFields, unknown>> = {
    quantity: order.quantity,
    unit_price_stored: Number(order.unit_price),
    yield_stored: Number(order.yield),
    trade_time: order.trade_time,
    trade_date: order.trade_date,
    settlement_date: order.settlement_date,
    exchange: order.exchange,
    broker_client_id: order.broker?.client_id,
    brokerage: order.brokerage,
  };
  const changes = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => {
      if (key === 'settlement_date' || key === 'settlement_delta') return settlementTouched;
      if (key === 'brokerage') return Number(value) !== Number(order.brokerage);
      return String(value) !== String(original[key as keyof ReportFields]);
    }),
  ) as Partial<ReportFields>;
  return Object.keys(changes).length > 0 ? { changes } : { errors: { '': REPORT_MESSAGES.nothingChanged } };
}
