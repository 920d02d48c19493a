/** Text shared by the public pages: landing features, audiences and the trade flow. */
import type { IconName } from '@blueprintjs/core';

/** A feature card's content. */
export interface Feature {
  icon: IconName;
  title: string;
  text: string;
  points?: readonly string[];
  tag?: string;
  to?: string;
  linkText?: string;
}

/** One step of a numbered flow. */
export interface Step {
  title: string;
  text: string;
}

export const LANDING_FEATURES: readonly Feature[] = [
  {
    icon: 'dashboard',
    title: 'Dart — the trading dashboard',
    text: 'Public and private runs, expressions of interest and RFQ negotiations update live on one dense screen, with settlement status beside every deal.',
    to: '/product/dart',
    linkText: 'Explore Dart',
  },
  {
    icon: 'search',
    title: 'Find — the bond finder',
    text: 'Search about 30,000 Indian bonds by name, ISIN or issuer, narrow them with facets, and open cashflows, credit rationale, trades and the issuer’s other bonds.',
    to: '/product/find',
    linkText: 'Explore Find',
  },
  {
    icon: 'chat',
    title: 'Chat and ticketing',
    text: 'Direct chats, groups, trading groups and broadcast lists with your counterparties. Turn a conversation into a trade ticket and coordinate it with your back office.',
  },
  {
    icon: 'eye-open',
    title: 'Surveillance',
    text: 'Compliance officers get a read-only, platform-wide view of quotes, negotiations and trades, built on an audit log that is never edited.',
  },
  {
    icon: 'upload',
    title: 'Inventory and offers',
    text: 'Upload the bonds your desk holds and offer them to the market at a price or a yield, without retyping each line.',
    tag: 'Premium',
  },
  {
    icon: 'calculator',
    title: 'Price and yield, done right',
    text: 'Clean price per ₹100 face and yield side by side, on the conventions each instrument uses: SEBI Actual/Actual for corporate bonds, 30/360 semi-annual for G-secs and SDLs.',
  },
];

export const AUDIENCES: readonly Feature[] = [
  {
    icon: 'exchange',
    title: 'Dealers and traders',
    text: 'Quote by price or yield, negotiate with counterparties and take deals to NSE RFQ or BSE RFQ from the screen you watch all day.',
  },
  {
    icon: 'people',
    title: 'Brokers',
    text: 'Gather runs from your chats, broadcast offers to your clients and keep every negotiation in one place.',
  },
  {
    icon: 'office',
    title: 'Corporate and individual clients',
    text: 'Find bonds, see live runs and follow your orders and transactions, with viewer access for colleagues who only need to look.',
  },
  {
    icon: 'shield',
    title: 'Compliance officers',
    text: 'Watch quotes, negotiations and trades across the platform for signs of market abuse, without the ability to change them.',
  },
  {
    icon: 'cog',
    title: 'Operations and back office',
    text: 'Invite users, assign roles, store exchange credentials securely and follow each trade through to settlement.',
  },
];

export const TRADE_STEPS: readonly Step[] = [
  {
    title: 'Express interest',
    text: 'Post an expression of interest (EOI) to buy or sell: a bid or an ask, by price or by yield, to the market or to chosen counterparties, with a validity.',
  },
  {
    title: 'Negotiate',
    text: 'Counterparties respond and counter. Every revision is recorded, and an EOI can be closed or simply expire.',
  },
  {
    title: 'Execute on RFQ',
    text: 'The agreed deal is placed on the NSE RFQ or BSE RFQ platform, where the exchange confirms it.',
  },
  {
    title: 'Settle',
    text: 'The trade settles through the clearing corporation — NSCCL for NSE, ICCL for BSE — on T+0, T+1 or T+2, against the pay-in cut-off.',
  },
];

export const INSTRUMENT_TAGS: readonly string[] = [
  'Corporate bonds',
  'PSU bonds',
  'G-secs',
  'SDLs',
  'NSE RFQ',
  'BSE RFQ',
  'NSCCL · ICCL',
];
