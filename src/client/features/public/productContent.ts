/** Feature text for the Dart and Find product pages. */
import type { Feature, Step } from './publicContent';

export const DART_FEATURES: readonly Feature[] = [
  {
    icon: 'globe-network',
    title: 'Live public runs',
    text: 'Quotes published to the market stream onto the dashboard as they change, with clean price and yield side by side for every bond.',
  },
  {
    icon: 'inbox',
    title: 'Private runs',
    text: 'Quotes that counterparties send you across your chats are gathered into one run you can sort, filter and act on.',
  },
  {
    icon: 'exchange',
    title: 'RFQ negotiation',
    text: 'See live exchange quotes, respond, counter and accept, then execute on NSE RFQ or BSE RFQ — one-to-one or one-to-many, anonymous or disclosed.',
    points: ['Notifications when a counterparty responds', 'Every revision kept with the negotiation'],
  },
  {
    icon: 'hand-up',
    title: 'Expressions of interest',
    text: 'Show a bid or an ask, by price or by yield, to the whole market or to chosen counterparties, with a validity. Revise it, close it or let it expire.',
  },
  {
    icon: 'layers',
    title: 'Market depth',
    text: 'See the stack of bids and offers on a bond, not only the best quote, before you decide how to price.',
    tag: 'Premium',
  },
  {
    icon: 'th-list',
    title: 'Order book',
    text: 'Your open orders with their state and the count of those still working, and the transactions behind them for dealers, viewers and back office.',
  },
  {
    icon: 'confirm',
    title: 'Settlement status',
    text: 'Follow each trade from the exchange’s deal confirmation to settlement at NSCCL or ICCL on T+0, T+1 or T+2, with the pay-in cut-off in view and failures flagged.',
  },
  {
    icon: 'chat',
    title: 'Chat and tickets alongside',
    text: 'Counterparty chats sit next to the runs. Turn an agreed deal into a trade ticket straight from the channel.',
  },
];

export const DART_PRICING: readonly Step[] = [
  {
    title: 'Fix price or yield',
    text: 'Type the number you are negotiating on; the other is derived for the settlement date on the bond’s own convention.',
  },
  {
    title: 'Pick the settlement',
    text: 'Choose T+0, T+1 or T+2 or a date; business days follow the settlement calendar and its holidays.',
  },
  {
    title: 'Check the consideration',
    text: 'Principal at the clean price, accrued interest and the consideration, with stamp duty of 0.0001 % shown for the buyer.',
  },
];

export const FIND_FEATURES: readonly Feature[] = [
  {
    icon: 'search',
    title: 'Keyword search',
    text: 'Search by bond name, ISIN or issuer; results appear from the third character. When you pick a bond for a quote, only live, listed bonds are offered.',
  },
  {
    icon: 'filter',
    title: 'Facets',
    text: 'Narrow about 30,000 bonds with facets that combine.',
    points: [
      'Bond category: corporate, PSU, G-sec, SDL',
      'Security type',
      'Credit rating',
      'Time to maturity',
      'Security: secured or unsecured',
    ],
  },
  {
    icon: 'calculator',
    title: 'Price ↔ yield calculator',
    text: 'Fix a clean price or a yield and a settlement date to get the other, with accrued interest — to maturity, or to call or put for bonds with options.',
  },
  {
    icon: 'timeline-events',
    title: 'Cashflows',
    text: 'The full schedule of coupons and principal repayments, including short or long first coupons, annual to monthly frequencies and zero-coupon bonds.',
    tag: 'Data access',
  },
  {
    icon: 'document-open',
    title: 'Credit rationale',
    text: 'Ratings and rationales from CRISIL, ICRA, CARE, India Ratings, Acuité, Brickwork and Infomerics, so you can read why a bond is rated as it is.',
  },
  {
    icon: 'timeline-line-chart',
    title: 'Trades',
    text: 'The bond’s recent trades, to see where it last changed hands before you quote.',
    tag: 'Data access',
  },
  {
    icon: 'diagram-tree',
    title: 'Same issuer',
    text: 'Every other bond of the same issuer, to compare coupons, maturities and ratings across the curve.',
  },
  {
    icon: 'download',
    title: 'Downloads',
    text: 'Export cashflows and search results for your own models, and download the information memorandum where one is available.',
    tag: 'Data access',
  },
];
