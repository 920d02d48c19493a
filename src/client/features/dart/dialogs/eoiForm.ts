/**
 * The new-EOI form's values and the request body they make (spec 01 §3 EOI create payload): the
 * price or yield the pricing input fixes, its settlement (date or T+0/1/2), a price-override user's
 * own price in place of the engine's (spec 01 §6), and the contract's own messages for anything
 * wrong, keyed by the form's fields.
 */
import type { PricingModeContext } from '../../../../../machines/pricingValues';
import type { Counterparty } from '../../../../shared/contracts/counterparties';
import { createEoiSchema, type QUOTE_TYPES, type RfqPlatform, TRADING_MESSAGES } from '../../../../shared/contracts/trading';
import { pricingInputSchema, toApiYield } from '../../../../shared/validation';
import type { CreateEoiBody } from '../../../api/tradingCommandsApi';
import { contractErrors, type FieldErrors } from './commandErrors';

export interface EoiFormValues {
  bond: { id: number; name: string } | null;
  side: (typeof QUOTE_TYPES)[number];
  quantum: string;
  /** Minutes; blank = until the end of the trading day. */
  validity: string;
  exchange: RfqPlatform | null;
  oneToOne: boolean;
  counterparty: Counterparty | null;
  anonymous: boolean;
  forEndClient: boolean;
  endClient: Counterparty | null;
  sendToRfq: boolean;
  /** The sender marks the quote as their best price (the lists flag it). */
  isBest: boolean;
  /** A price-override user's clean price instead of the engine's for the typed yield; blank = the engine's. */
  overridePrice: string;
  /** The user confirmed quoting at their own price. */
  overrideConfirmed: boolean;
}

// The contract's field names, as the form shows them ('' is the form itself).
const FIELD_OF: Record<string, string> = {
  finstrument_id: 'bond',
  quantum: 'quantum',
  unit_price_stored: 'pricing',
  yield_stored: 'pricing',
  settlement: 'pricing',
  settlement_delta: 'pricing',
  validity: 'validity',
  exchange: 'exchange',
  oto_participant_details: 'counterparty',
  end_client_id: 'endClient',
  override_price: 'overridePrice',
};

export const EOI_SERVER_FIELDS = Object.keys(FIELD_OF);

/** Maps the contract's (or the server's) field names onto the form's. */
export function toFormErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [FIELD_OF[field] ?? field, message]));
}

const numberOrText = (text: string) => (text.trim() === '' ? undefined : Number.isFinite(Number(text)) ? Number(text) : text);

/** The create body, or the messages that stop it being sent. */
export function eoiRequest(values: EoiFormValues, pricing: PricingModeContext | null): { body: CreateEoiBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!values.bond) errors.bond = TRADING_MESSAGES.bondUnknown;
  const fixedText = pricing?.fixedField === 'price' ? pricing.priceText : (pricing?.yieldText ?? '');
  const pricingCheck = pricingInputSchema(pricing?.fixedField ?? 'yield').safeParse(fixedText);
  if (!pricingCheck.success) errors.pricing = pricingCheck.error.issues[0]?.message ?? TRADING_MESSAGES.priceOrYield;
  if (values.oneToOne && !values.counterparty) errors.counterparty = TRADING_MESSAGES.otoCounterparty;
  if (values.forEndClient && !values.endClient) errors.endClient = TRADING_MESSAGES.endClientUnknown;
  if (!values.exchange) errors.exchange = TRADING_MESSAGES.noExchange;
  const overriding = values.overridePrice.trim() !== '';
  if (overriding) {
    const overrideCheck = pricingInputSchema('price').safeParse(values.overridePrice);
    if (pricing?.fixedField === 'price') errors.overridePrice = TRADING_MESSAGES.overrideNeedsYield;
    else if (!overrideCheck.success) errors.overridePrice = overrideCheck.error.issues[0]?.message ?? TRADING_MESSAGES.priceOrYield;
    if (!values.overrideConfirmed) errors.overrideConfirmed = TRADING_MESSAGES.overrideConfirm;
  }

  const settlement = pricing?.settlement;
  const body: CreateEoiBody = {
    finstrument_id: values.bond?.id ?? 0,
    quantum: numberOrText(values.quantum) as number,
    quote_type: values.side,
    ...(pricing?.fixedField === 'price'
      ? { unit_price_stored: numberOrText(pricing.priceText) as number }
      : { yield_stored: pricingCheck.success ? toApiYield(fixedText) : undefined }),
    ...(settlement?.date !== undefined ? { settlement: settlement.date } : { settlement_delta: (settlement?.delta ?? 1) as 0 | 1 | 2 }),
    ...(values.validity.trim() === '' ? {} : { validity: numberOrText(values.validity) as number }),
    exchange: values.exchange ?? undefined,
    rfq_mode: values.oneToOne ? 'OTO' : 'OTM',
    ...(values.oneToOne && values.counterparty ? { oto_participant_details: { client_id: values.counterparty.client_id } } : {}),
    anonymous: values.anonymous,
    ...(values.forEndClient && values.endClient ? { end_client_id: values.endClient.client_id } : {}),
    send_to_rfq: values.sendToRfq,
    is_best: values.isBest,
    ...(overriding ? { override_price: numberOrText(values.overridePrice) as number } : {}),
  };
  // The cross-field rules stop the contract before its fields; the form shows both at once.
  const crossField = contractErrors(createEoiSchema, body)[''];
  const all = { ...toFormErrors(contractErrors(createEoiSchema.out, body)), ...errors };
  if (crossField && !all.pricing) all[''] = crossField;
  return Object.keys(all).length > 0 ? { errors: all } : { body };
}
