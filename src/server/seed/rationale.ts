/** Rating rationales: 3–5 sentences from phrase banks, the same for the same inputs. */
import type { RatingAgency } from '../../shared/instruments.js';
import { DOWNGRADE_TRIGGERS, OUTLOOK_VIEWS, STRENGTHS, WEAKNESSES, type DriverGroup } from './data/rationalePhrases.js';
import type { Rng } from './rng.js';
import type { Grade, SeedIssuer } from './types.js';

/** The agencies' own notation: "CRISIL AA/Stable", "[ICRA]AA (Stable)", "CARE AA; Stable"… */
export function ratingSymbol(agency: RatingAgency, grade: string, outlook: string): string {
  // A defaulted rating carries no outlook.
  if (grade === 'D') return `${AGENCY_PREFIX[agency]}${grade}`;
  switch (agency) {
    case 'CRISIL':
      return `CRISIL ${grade}/${outlook}`;
    case 'ICRA':
      return `[ICRA]${grade} (${outlook})`;
    case 'CARE':
      return `CARE ${grade}; ${outlook}`;
    case 'India Ratings':
      return `IND ${grade}/${outlook}`;
    case 'Acuité':
      return `ACUITE ${grade} | ${outlook}`;
    case 'Brickwork':
      return `BWR ${grade}/${outlook}`;
    case 'Infomerics':
      return `IVR ${grade}/${outlook}`;
  }
}

const AGENCY_PREFIX: Readonly<Record<RatingAgency, string>> = {
  CRISIL: 'CRISIL ',
  ICRA: '[ICRA]',
  CARE: 'CARE ',
  'India Ratings': 'IND ',
  Acuité: 'ACUITE ',
  Brickwork: 'BWR ',
  Infomerics: 'IVR ',
};

const AGENCY_NAMES: Readonly<Record<RatingAgency, string>> = {
  CRISIL: 'CRISIL Ratings',
  ICRA: 'ICRA',
  CARE: 'CARE Ratings',
  'India Ratings': 'India Ratings and Research',
  Acuité: 'Acuité Ratings & Research',
  Brickwork: 'Brickwork Ratings',
  Infomerics: 'Infomerics Valuation and Rating',
};

/** The issuer-level rationale for its long-term debt programme. */
export function issuerRationale(rng: Rng, issuer: SeedIssuer, agency: RatingAgency, grade: Grade, outlook: string): string {
  const who = `${issuer.name} (${issuer.shortName})`;
  const band = bandOf(grade);
  const agencyName = AGENCY_NAMES[agency];
  const symbol = `'${ratingSymbol(agency, grade, outlook)}'`;
  const programme = `the long-term debt programme of ${who}`;
  const action =
    band === 'default'
      ? 'downgraded'
      : rng.weighted([
          ['reaffirmed', 6],
          ['assigned', 2],
          ['upgraded', band === 'high' ? 1 : 0.5],
        ]);
  const opening = {
    reaffirmed: `${agencyName} has reaffirmed its ${symbol} rating on ${programme}.`,
    assigned: `${agencyName} has assigned its ${symbol} rating to ${programme}.`,
    upgraded: `${agencyName} has upgraded its rating on ${programme} to ${symbol}.`,
    downgraded: `${agencyName} has downgraded its rating on ${programme} to ${symbol}.`,
  }[action];
  if (band === 'default') {
    return [
      opening,
      `The rating action reflects ${rng.pick(WEAKNESSES.default)}.`,
      `It also factors in ${rng.pick(WEAKNESSES.low)}.`,
      // Agencies look for 90 days of timely servicing before moving a defaulted rating up.
      `The rating could be upgraded once ${issuer.shortName} demonstrates timely servicing of its debt for at least 90 days.`,
    ].join(' ');
  }
  const [s1, s2] = rng.shuffle(STRENGTHS[groupOf(issuer)]);
  const sentences = [
    opening,
    `The rating ${action === 'assigned' ? 'reflects' : 'continues to reflect'} ${s1} and ${s2}.`,
    `These strengths are partially offset by ${rng.pick(WEAKNESSES[band])}.`,
    `The ${outlook} outlook reflects ${possessive(agencyName)} belief that ${issuer.shortName} will ${OUTLOOK_VIEWS[outlook]}.`,
  ];
  if (rng.chance(0.6)) {
    sentences.push(`The rating could come under pressure in case of ${rng.pick(DOWNGRADE_TRIGGERS)}.`);
  }
  return sentences.join(' ');
}

/** The rationale of a Tier 2 or AT1 bond's own rating, explaining the notching. */
export function instrumentRationale(agency: RatingAgency, issuer: SeedIssuer, seniority: string, grade: string, outlook: string): string {
  const what =
    seniority === 'AT1' ? 'Additional Tier I (Basel III) bonds' : seniority === 'TIER2' ? 'Tier II (Basel III) bonds' : 'subordinated debt';
  const why =
    {
      AT1: 'the discretion over coupon payments and the principal write-down feature on breach of the pre-specified trigger, which make these instruments riskier than senior debt',
      TIER2: 'their subordination to senior creditors and the point-of-non-viability loss-absorption clause',
    }[seniority] ?? 'their subordination to senior creditors and their role as Tier II capital under the RBI norms for NBFCs';
  return [
    `${AGENCY_NAMES[agency]} has assigned '${ratingSymbol(agency, grade, outlook)}' to the ${what} of ${issuer.name}.`,
    `The rating is notched down from the issuer's senior debt rating to reflect ${why}.`,
    seniority === 'AT1'
      ? `It factors in ${possessive(issuer.shortName)} capital buffers and the distributable reserves available to service these instruments.`
      : `It factors in ${possessive(issuer.shortName)} capital buffers and its track record of timely debt servicing.`,
  ].join(' ');
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function bandOf(grade: Grade): 'high' | 'mid' | 'low' | 'default' {
  if (grade === 'D') return 'default';
  if (grade.startsWith('AA')) return 'high';
  if (grade.startsWith('A')) return 'mid';
  return 'low';
}

function groupOf(issuer: SeedIssuer): DriverGroup {
  const s = issuer.sector;
  if (issuer.kind === 'PSU') return 'psu';
  if (issuer.kind === 'BANK') return 'bank';
  if (s === 'Microfinance') return 'microfinance';
  if (s === 'Gold Loans') return 'gold';
  if (s === 'Vehicle Finance') return 'vehicle';
  if (issuer.kind === 'HFC' || s === 'Housing Finance') return 'hfc';
  if (issuer.kind === 'NBFC') return 'nbfc';
  if (s === 'REIT' || s === 'InvIT') return 'trust';
  if (s === 'Telecom' || s === 'Data Centres') return 'telecom';
  if (s === 'Real Estate') return 'realty';
  if (/Power|Energy|Roads|Airports|Ports|Infrastructure|Construction|Urban/.test(s)) return 'infra';
  if (/Healthcare|Hospitality|Retail|Media|Logistics|IT|Education|Aviation|Shipping|Holding/.test(s)) return 'services';
  return 'manufacturing';
}
