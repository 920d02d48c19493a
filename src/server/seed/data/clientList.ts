/**
 * The demo's clients: fictional banks, funds, insurers, treasuries, brokers, partners and
 * individuals. `arihant` (PREMIUM) and `vasuki` (BASIC) carry a demo user per role; `trishul`
 * is the broker whose dealer also gets a demo login; `venue` is the venue operator (DESIGN §4),
 * whose ops admin runs the exchange simulator and whose compliance officers read across clients.
 */
import type { ClientCategory, ClientSegment, ClientTier, ClientType } from '../../../shared/enums.js';

export interface ClientSeed {
  slug: string;
  name: string;
  type: ClientType;
  segment: ClientSegment;
  category?: ClientCategory;
  tier: ClientTier;
  state: string;
  broker?: boolean;
  offline?: boolean;
  /** Slugs of the broker clients this client trades through. */
  brokers?: readonly string[];
  /** 'both' (NSCCL + ICCL, the default), or a single clearing corporation. */
  clearing?: 'NSCCL' | 'ICCL';
  /** Reports and quotes on the exchanges' RFQ platforms. */
  rfq?: boolean;
  stp?: boolean;
  tradesOnBooks?: boolean;
  /** Holds securities for other clients (offered in the custodian search). */
  custodian?: boolean;
  /** The venue operator: never trades; its users are the chat's staff. */
  operator?: boolean;
}

export const DEMO_CLIENT_SLUGS = { premium: 'arihant', basic: 'vasuki', broker: 'trishul', operator: 'venue' } as const;

export const CLIENTS: readonly ClientSeed[] = [
  { slug: 'arihant', name: 'Arihant Treasury Services Private Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'PREMIUM', state: 'Maharashtra', brokers: ['trishul', 'nandi'], rfq: true, stp: true, tradesOnBooks: true },
  { slug: 'vasuki', name: 'Vasuki Wealth Partners LLP', type: 'CORP', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Karnataka', brokers: ['trishul'] },
  { slug: 'trishul', name: 'Trishul Securities Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'PREMIUM', state: 'Maharashtra', broker: true, rfq: true, stp: true, tradesOnBooks: true },
  { slug: 'nandi', name: 'Nandi Capital Markets Limited', type: 'CORP', segment: 'WDM', tier: 'PREMIUM', state: 'Tamil Nadu', broker: true, rfq: true },
  { slug: 'garuda', name: 'Garuda Fixed Income Securities Private Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'BASIC', state: 'Delhi', broker: true, rfq: true },
  { slug: 'narmada-bank', name: 'Narmada Co-operative Bank Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'BASIC', state: 'Gujarat', brokers: ['nandi'], rfq: true, custodian: true },
  { slug: 'konkan-bank', name: 'Konkan Urban Co-operative Bank Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'BASIC', state: 'Maharashtra', brokers: ['trishul'], clearing: 'ICCL' },
  { slug: 'deccan-sfb', name: 'Deccan Small Finance Bank Limited', type: 'CORP', segment: 'WDM', tier: 'PREMIUM', state: 'Telangana', rfq: true, stp: true, custodian: true },
  { slug: 'kaveri-amc', name: 'Kaveri Asset Management Company Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'PREMIUM', state: 'Maharashtra', rfq: true, stp: true, tradesOnBooks: true },
  { slug: 'himalaya-mf', name: 'Himalaya Trustee Company Private Limited (Himalaya Mutual Fund)', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'PREMIUM', state: 'Maharashtra', rfq: true },
  { slug: 'saptarishi-amc', name: 'Saptarishi Asset Managers Private Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'BASIC', state: 'Karnataka', brokers: ['garuda'], rfq: true },
  { slug: 'suraksha-life', name: 'Suraksha Life Insurance Company Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'PREMIUM', state: 'Maharashtra', rfq: true },
  { slug: 'kavach-general', name: 'Kavach General Insurance Company Limited', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'BASIC', state: 'Delhi', brokers: ['nandi'] },
  { slug: 'shramik-pf', name: 'Shramik Employees Provident Fund Trust', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'BASIC', state: 'West Bengal', brokers: ['garuda'] },
  { slug: 'vidyut-pf', name: 'Vidyut Board Employees Gratuity and Pension Trust', type: 'CORP', segment: 'INSTITUTIONAL', tier: 'BASIC', state: 'Odisha', brokers: ['trishul'], clearing: 'NSCCL' },
  { slug: 'gangotri-steel', name: 'Gangotri Steel Industries Limited', type: 'CORP', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Chhattisgarh', brokers: ['nandi'] },
  { slug: 'malabar-exports', name: 'Malabar Spices Exports Limited', type: 'CORP', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Kerala' },
  { slug: 'pragati-wealth', name: 'Pragati Wealth Managers Private Limited', type: 'CORP', segment: 'NON_INSTITUTIONAL', tier: 'PREMIUM', state: 'Gujarat', brokers: ['trishul'] },
  { slug: 'dakshin-credit', name: 'Dakshin Co-operative Credit Society Limited', type: 'CORP', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Tamil Nadu', offline: true },
  { slug: 'aravalli-treasury', name: 'Aravalli Cements Limited (Treasury)', type: 'CORP', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Rajasthan', clearing: 'ICCL' },
  { slug: 'sangam-advisers', name: 'Sangam Investment Advisers LLP', type: 'CORP-P', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Uttar Pradesh', brokers: ['trishul'] },
  { slug: 'utkarsh-distributors', name: 'Utkarsh Distributors Private Limited', type: 'CORP-P', segment: 'NON_INSTITUTIONAL', tier: 'PREMIUM', state: 'Madhya Pradesh', brokers: ['nandi'] },
  { slug: 'kalinga-planners', name: 'Kalinga Financial Planners', type: 'CORP-P', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Odisha', offline: true },
  { slug: 'swarna-wealth', name: 'Swarna Wealth Desk Private Limited', type: 'CORP-P', segment: 'NON_INSTITUTIONAL', tier: 'BASIC', state: 'Andhra Pradesh' },
  { slug: 'meru-capital', name: 'Meru Capital Advisors Private Limited', type: 'CORP-P', segment: 'INSTITUTIONAL', tier: 'PREMIUM', state: 'Haryana', rfq: true },
  { slug: 'anand-krishnamurthy', name: 'Anand Krishnamurthy', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'RTL', tier: 'BASIC', state: 'Tamil Nadu' },
  { slug: 'priya-venkataraman', name: 'Priya Venkataraman', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'HNI', tier: 'PREMIUM', state: 'Karnataka', brokers: ['trishul'] },
  { slug: 'agarwal-huf', name: 'Rajesh Kumar Agarwal HUF', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'HUF', tier: 'BASIC', state: 'West Bengal' },
  { slug: 'mehta-family-office', name: 'Suresh Mehta (Mehta Family Office)', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'FMO', tier: 'PREMIUM', state: 'Maharashtra', brokers: ['trishul', 'garuda'] },
  { slug: 'kavita-deshpande', name: 'Kavita Deshpande', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'SWM', tier: 'BASIC', state: 'Maharashtra' },
  { slug: 'farhan-qureshi', name: 'Farhan Qureshi', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'RTL', tier: 'BASIC', state: 'Telangana', clearing: 'ICCL' },
  { slug: 'harpreet-sandhu', name: 'Harpreet Kaur Sandhu', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'HNI', tier: 'PREMIUM', state: 'Punjab', brokers: ['nandi'] },
  { slug: 'lakshmi-narayanan', name: 'Lakshmi Narayanan', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'RTL', tier: 'BASIC', state: 'Kerala', offline: true },
  { slug: 'bose-family-office', name: 'Debashish Bose (Bose Family Office)', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'FMO', tier: 'BASIC', state: 'West Bengal' },
  { slug: 'vikram-iyer', name: 'Vikram Iyer', type: 'INDV-P', segment: 'NON_INSTITUTIONAL', category: 'HNI', tier: 'PREMIUM', state: 'Maharashtra', brokers: ['trishul'] },
  { slug: 'neha-bansal', name: 'Neha Bansal', type: 'INDV-P', segment: 'NON_INSTITUTIONAL', category: 'SWM', tier: 'BASIC', state: 'Delhi' },
  { slug: 'gopal-reddy', name: 'Gopal Reddy', type: 'INDV-P', segment: 'NON_INSTITUTIONAL', category: 'RTL', tier: 'BASIC', state: 'Andhra Pradesh', offline: true },
  { slug: 'malhotra-huf', name: 'Arjun Malhotra HUF', type: 'INDV-P', segment: 'NON_INSTITUTIONAL', category: 'HUF', tier: 'BASIC', state: 'Delhi' },
  { slug: 'sunita-joshi', name: 'Sunita Joshi', type: 'INDV-P', segment: 'NON_INSTITUTIONAL', category: 'FMO', tier: 'BASIC', state: 'Uttarakhand' },
  { slug: 'rohan-fernandes', name: 'Rohan Fernandes', type: 'INDV', segment: 'NON_INSTITUTIONAL', category: 'RTL', tier: 'BASIC', state: 'Goa' },
  // Last, so the ids of the trading clients above do not move.
  { slug: 'venue', name: 'Kosh Venue Operations Private Limited', type: 'CORP', segment: 'NON_INSTITUTIONAL', tier: 'PREMIUM', state: 'Maharashtra', operator: true },
];
