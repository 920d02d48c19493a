/** Enumerations of spec 01 §3 and §6, kept as `as const` tuples so zod, drizzle and views share them. */

export const CLIENT_TYPES = ['CORP', 'CORP-P', 'INDV', 'INDV-P'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const CLIENT_MODES = ['SOFTWARE', 'BROKING'] as const;
export type ClientMode = (typeof CLIENT_MODES)[number];

export const CLIENT_SEGMENTS = ['INSTITUTIONAL', 'NON_INSTITUTIONAL', 'WDM'] as const;
export type ClientSegment = (typeof CLIENT_SEGMENTS)[number];

export const CLIENT_CATEGORIES = ['RTL', 'HUF', 'FMO', 'SWM', 'HNI'] as const;
export type ClientCategory = (typeof CLIENT_CATEGORIES)[number];

export const CLIENT_CATEGORY_LABELS: Record<ClientCategory, string> = {
  RTL: 'Retail',
  HUF: 'Hindu Undivided Family',
  FMO: 'Family Office',
  SWM: 'Wealth Manager',
  HNI: 'HNI',
};

export const CLIENT_TIERS = ['BASIC', 'PREMIUM'] as const;
export type ClientTier = (typeof CLIENT_TIERS)[number];
export const PREMIUM_TIER: ClientTier = 'PREMIUM';

export const ACCOUNT_STATUSES = ['active', 'inactive', 'invited'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const OTP_MODES = ['login', 'register', 'update_profile', 'easy_register'] as const;
export type OtpMode = (typeof OTP_MODES)[number];

export const ROLES = [
  'user',
  'clientdealer',
  'clientviewer',
  'complianceofficer',
  'clientopsadmin',
  'backoffice',
  'priceoverride',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Basic',
  clientdealer: 'Dealer',
  clientviewer: 'Viewer',
  complianceofficer: 'Compliance Officer',
  clientopsadmin: 'OpsAdmin',
  backoffice: 'Back Office',
  priceoverride: 'Price Override',
};

export const PERMISSIONS = [
  'inventory.has_inventory_access',
  'finstruments.has_security_data_access',
  'client.view_client',
  'client.can_trade',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Clearing corporations; the default allowed exchanges of every client. */
export const EXCHANGES = ['NSCCL', 'ICCL'] as const;
export type Exchange = (typeof EXCHANGES)[number];
export const DEFAULT_EXCHANGES: readonly Exchange[] = EXCHANGES;

/** Request and form types of spec 01 §3 (support desk, upgrade walls, contact form). */
export const REQUEST_TYPES = [
  'REQUEST_PRICING',
  'REPORT_ISSUE_PRICING_AND_CASHFLOW',
  'REQUEST_ACCESS_TO_TRADE',
  'LIVE_MARKET_UPGRADE',
  'DEPTH_FEATURE',
  'BUSINESS_MIGRATE',
  'REQUEST_ACCESS',
  'REQUEST_ACCESS_INVENTORY',
  'CASHFLOW_UPGRADE',
  'CONTACT_FORM',
  'INTEGRATE_WITH_EXCHANGE',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  REQUEST_PRICING: 'Request pricing',
  REPORT_ISSUE_PRICING_AND_CASHFLOW: 'Report issue: pricing and cashflow',
  REQUEST_ACCESS_TO_TRADE: 'Request access to trade',
  LIVE_MARKET_UPGRADE: 'Live market upgrade',
  DEPTH_FEATURE: 'Depth feature',
  BUSINESS_MIGRATE: 'Business migrate',
  REQUEST_ACCESS: 'Request access',
  REQUEST_ACCESS_INVENTORY: 'Request access: inventory',
  CASHFLOW_UPGRADE: 'Cashflow upgrade',
  CONTACT_FORM: 'Contact form',
  INTEGRATE_WITH_EXCHANGE: 'Integrate with exchange',
};

export const TOGGLE_LABELS = { on: 'Yes', off: 'No' } as const;

/** Indian states and union territories, plus Other, for address forms. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export const UNION_TERRITORIES = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export const ADDRESS_STATE_OPTIONS = [...INDIAN_STATES, ...UNION_TERRITORIES, 'Other'] as const;
