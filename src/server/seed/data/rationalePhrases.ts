/** Phrase banks for rating rationales, in the register of Indian rating agencies' press releases. */

/** Sector groups that share rating drivers. */
export type DriverGroup =
  | 'psu' | 'bank' | 'nbfc' | 'hfc' | 'microfinance' | 'gold' | 'vehicle' | 'infra' | 'manufacturing'
  | 'realty' | 'trust' | 'telecom' | 'services';

/** Strengths by group; `{short}` is the issuer's short name. */
export const STRENGTHS: Readonly<Record<DriverGroup, readonly string[]>> = {
  psu: [
    'its strategic importance to the Government of India (GoI) and the expectation of continued support from it',
    'the GoI\'s majority ownership and its demonstrated track record of timely capital and policy support',
    'its dominant position in its segment and its role in implementing government programmes',
    'its comfortable capitalisation and strong financial flexibility, including access to low-cost funds',
  ],
  bank: [
    'its strong deposit franchise with a healthy share of current and savings account deposits',
    'its adequate capitalisation, with capital ratios comfortably above regulatory requirements',
    'its diversified loan book and established market position',
    'the improvement in asset quality, with net NPAs declining over the last few years',
  ],
  nbfc: [
    'its established track record and strong parentage, with demonstrated support from the group',
    'its adequate capitalisation and a diversified resource profile',
    'its healthy earnings profile, supported by a granular and diversified loan book',
    'its experienced management team and robust risk-management systems',
  ],
  hfc: [
    'its established position in retail home loans with a granular book of salaried borrowers',
    'its comfortable asset quality, underpinned by the secured nature of housing loans',
    'its adequate capitalisation and access to refinance from the National Housing Bank',
    'its diversified borrowing profile and prudent asset-liability management',
  ],
  microfinance: [
    'its established presence in joint-liability group lending across several states',
    'its adequate capitalisation and steady access to funding from banks and development institutions',
    'the improvement in collection efficiency after the stress of earlier years',
  ],
  gold: [
    'its leadership in gold loans, a segment with low credit losses owing to the liquid collateral',
    'its healthy profitability and strong capitalisation',
    'its robust auction and collateral-management processes',
  ],
  vehicle: [
    'its long track record in vehicle finance and deep understanding of its borrower segments',
    'its extensive branch network in semi-urban and rural markets',
    'its adequate capitalisation and diversified funding profile',
  ],
  infra: [
    'the long-term offtake arrangements that give visibility to its cash flows',
    'its established operational track record and healthy capacity utilisation',
    'the essential nature of the infrastructure it owns and operates',
    'its strong sponsor profile and demonstrated access to funding',
  ],
  manufacturing: [
    'its established market position and diversified product portfolio',
    'its healthy operating efficiency and cost leadership in its segment',
    'its comfortable financial risk profile, with moderate leverage and healthy debt protection metrics',
    'its long-standing relationships with customers and suppliers',
  ],
  realty: [
    'its strong brand and track record of project execution in its key micro-markets',
    'healthy sales bookings and collections in its ongoing projects',
    'the steady annuity income from its leased commercial portfolio',
  ],
  trust: [
    'the stable, contracted cash flows of its portfolio of operational assets',
    'the regulatory cap on consolidated borrowing under the SEBI regulations for trusts',
    'its strong sponsor and the experienced investment manager',
  ],
  telecom: [
    'its strong market position and large subscriber base',
    'the improvement in average revenue per user following tariff increases',
    'its extensive network and spectrum holdings',
  ],
  services: [
    'its established market position and recognised brand',
    'its healthy operating margins and steady cash accruals',
    'its comfortable liquidity, with cash and liquid investments covering near-term debt obligations',
  ],
};

/** Weaknesses by grade band; the lower bands name more serious concerns. */
export const WEAKNESSES: Readonly<Record<'high' | 'mid' | 'low' | 'default', readonly string[]>> = {
  high: [
    'the exposure of its earnings to interest-rate movements',
    'the concentration of its exposures in a few sectors',
    'the moderate growth in its core business in a competitive environment',
    'the sizeable capital expenditure planned over the medium term',
  ],
  mid: [
    'its modest scale of operations compared with larger peers',
    'the geographic concentration of its portfolio',
    'the moderation in asset quality in the unsecured segments',
    'its elevated leverage, which limits headroom for debt-funded growth',
    'its dependence on wholesale funding',
  ],
  low: [
    'its weak asset quality and high credit costs',
    'its stretched liquidity and high dependence on refinancing',
    'the high leverage and weak debt protection metrics',
    'the susceptibility of its cash flows to regulatory and political risks',
  ],
  default: [
    'the delays in servicing its debt obligations',
    'its weak liquidity, with cash flows insufficient to meet debt obligations',
  ],
};

/** What each outlook says will happen, completing "reflects the agency's belief that {short} will …". */
export const OUTLOOK_VIEWS: Readonly<Record<string, string>> = {
  Stable: 'maintain its credit risk profile over the medium term',
  Positive: 'continue to improve its scale and profitability while maintaining a comfortable capital structure',
  Negative: 'face continued pressure on its earnings and asset quality over the next few quarters',
  Developing: 'see its credit profile change as the announced corporate restructuring is completed',
  Watch: 'see its credit profile affected by the recently announced transaction, whose impact is being assessed',
};

/** Triggers for a downgrade, naming the issuer as `{short}`. */
export const DOWNGRADE_TRIGGERS: readonly string[] = [
  'a sustained weakening in its operating performance or profitability',
  'a material dilution in the support expected from the parent',
  'a significant increase in leverage on account of debt-funded capital expenditure or acquisitions',
  'a deterioration in its liquidity position',
];
