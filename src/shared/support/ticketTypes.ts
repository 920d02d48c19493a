/**
 * Support ticket types (spec 02 §3): each has a type id and, outside dev mode, an external id —
 * the id of the matching ticket type in the production support desk. Dev mode uses the raw id.
 */
import type { RequestType } from '../enums.js';

export const SUPPORT_TYPES = ['query', 'issue', 'access', 'feedback'] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];

/** The support form's type picker (spec 02 §9), in the spec's order. */
export const SUPPORT_TYPE_LABELS: Record<SupportType, string> = {
  query: 'Ask a query',
  issue: 'Report issue',
  access: 'Request access',
  feedback: 'Provide feedback',
};

const TYPE_IDS: Record<SupportType, { typeId: number; externalId: number }> = {
  query: { typeId: 3, externalId: 5 },
  issue: { typeId: 1, externalId: 1 },
  access: { typeId: 4, externalId: 8 },
  feedback: { typeId: 2, externalId: 6 },
};

/** The ticket type id sent for `type`: the raw type id in dev mode, else the external id. */
export function ticketTypeId(type: SupportType, devMode: boolean): number {
  return devMode ? TYPE_IDS[type].typeId : TYPE_IDS[type].externalId;
}

/** The support type a ticket type id stands for in this mode, or undefined for an unknown id. */
export function supportTypeOf(id: number, devMode: boolean): SupportType | undefined {
  return SUPPORT_TYPES.find((type) => ticketTypeId(type, devMode) === id);
}

/** The ticket each request type of spec 01 §3 opens: a question, an issue report or an access request. */
export const REQUEST_TICKET_TYPES: Record<RequestType, SupportType> = {
  REQUEST_PRICING: 'query',
  REPORT_ISSUE_PRICING_AND_CASHFLOW: 'issue',
  REQUEST_ACCESS_TO_TRADE: 'access',
  LIVE_MARKET_UPGRADE: 'access',
  DEPTH_FEATURE: 'access',
  BUSINESS_MIGRATE: 'access',
  REQUEST_ACCESS: 'access',
  REQUEST_ACCESS_INVENTORY: 'access',
  CASHFLOW_UPGRADE: 'access',
  CONTACT_FORM: 'query',
  INTEGRATE_WITH_EXCHANGE: 'access',
};
