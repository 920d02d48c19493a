/**
 * The issuer universe: the sovereign, every SDL-issuing state, the real PSUs, banks, NBFCs, HFCs
 * and corporates of the data lists, then synthetic names up to ISSUER_COUNT.
 */
import { createRng, type Rng } from './rng.js';
import type { CorporateKind, Grade, RealIssuer, SeedIssuer } from './types.js';
import { GOVERNMENT_OF_INDIA, SDL_ISSUERS } from './data/governments.js';
import { PSU_ISSUERS } from './data/psuIssuers.js';
import { BANK_ISSUERS } from './data/bankIssuers.js';
import { HFC_ISSUERS, NBFC_ISSUERS } from './data/financeIssuers.js';
import { CORPORATE_ISSUERS } from './data/corporateIssuers.js';
import { KNOWN_ISIN_CODES } from './data/knownIsinCodes.js';
import { NAME_QUALIFIERS, NAME_STEMS, SECTOR_ENDINGS } from './data/syntheticWords.js';

export const ISSUER_COUNT = 1_500;

const UNION_TERRITORIES_ISSUING_SDLS = new Set(['Jammu and Kashmir', 'Puducherry']);

type SyntheticKind = keyof typeof SECTOR_ENDINGS;

const SYNTHETIC_KINDS: readonly (readonly [SyntheticKind, number])[] = [
  ['NBFC', 40],
  ['HFC', 8],
  ['CORPORATE', 52],
];

// Smaller issuers sit lower on the scale than the household names of the real lists.
const SYNTHETIC_GRADES: readonly (readonly [Grade, number])[] = [
  ['AAA', 1],
  ['AA+', 4],
  ['AA', 10],
  ['AA-', 13],
  ['A+', 16],
  ['A', 17],
  ['A-', 13],
  ['BBB+', 10],
  ['BBB', 7],
  ['BBB-', 4],
  ['BB+', 1.5],
  ['BB', 1],
  ['B', 0.6],
  ['C', 0.3],
  ['D', 0.6],
];

/** Every issuer of the demo seed, in a fixed order with unique names and ISIN issuer codes. */
export function buildIssuers(): SeedIssuer[] {
  const issuers: SeedIssuer[] = [
    {
      name: GOVERNMENT_OF_INDIA.name,
      shortName: GOVERNMENT_OF_INDIA.shortName,
      sector: 'Sovereign',
      isinIssuerCode: GOVERNMENT_OF_INDIA.code,
      isGovernment: true,
      state: null,
      kind: 'GSEC',
      grade: null,
      weight: 1,
      taxFree: false,
    },
    ...SDL_ISSUERS.map(([state, code, weight]): SeedIssuer => ({
      name: `${UNION_TERRITORIES_ISSUING_SDLS.has(state) ? 'Union Territory' : 'State'} of ${state}`,
      shortName: state.toUpperCase(),
      sector: 'State Government',
      isinIssuerCode: `IN${code}`,
      isGovernment: true,
      state,
      kind: 'SDL',
      grade: null,
      weight,
      taxFree: false,
    })),
  ];
  const rng = createRng('issuer-codes');
  const usedCodes = new Set<string>(Object.values(KNOWN_ISIN_CODES));
  if (usedCodes.size !== Object.keys(KNOWN_ISIN_CODES).length) throw new Error('Duplicate known ISIN code');
  const addReal = (list: readonly RealIssuer[], kind: CorporateKind) => {
    for (const [name, shortName, sector, grade, weight, flags] of list) {
      const code = KNOWN_ISIN_CODES[shortName] ?? freshCode(rng, usedCodes);
      issuers.push({
        name,
        shortName,
        sector,
        isinIssuerCode: code,
        isGovernment: false,
        state: null,
        kind,
        grade,
        weight,
        taxFree: flags?.includes('t') ?? false,
      });
    }
  };
  addReal(PSU_ISSUERS, 'PSU');
  addReal(BANK_ISSUERS, 'BANK');
  addReal(NBFC_ISSUERS, 'NBFC');
  addReal(HFC_ISSUERS, 'HFC');
  addReal(CORPORATE_ISSUERS, 'CORPORATE');

  const names = new Set(issuers.map((i) => i.name));
  const nameRng = createRng('issuer-names');
  while (issuers.length < ISSUER_COUNT) {
    const kind = nameRng.weighted(SYNTHETIC_KINDS);
    const [sector, ending] = nameRng.pick(SECTOR_ENDINGS[kind]);
    const stem = nameRng.pick(NAME_STEMS);
    const qualifier = nameRng.pick(NAME_QUALIFIERS);
    const base = [stem, qualifier, ending].filter(Boolean).join(' ');
    const name = `${base} ${nameRng.chance(0.25) ? 'Private Limited' : 'Limited'}`;
    if (names.has(name)) continue;
    names.add(name);
    issuers.push({
      name,
      shortName: shortNameOf(stem, qualifier, ending),
      sector,
      isinIssuerCode: freshCode(rng, usedCodes),
      isGovernment: false,
      state: null,
      kind,
      grade: nameRng.weighted(SYNTHETIC_GRADES),
      weight: nameRng.weighted([
        [0.6, 3],
        [1, 5],
        [2, 2],
      ]),
      taxFree: false,
    });
  }
  return issuers;
}

/** "Sahyadri", "Bharat", "Agro Industries" → "SAHYADRI BHARAT AGRO". */
function shortNameOf(stem: string, qualifier: string, ending: string): string {
  return [stem, qualifier, ending.split(' ')[0]].filter(Boolean).join(' ').toUpperCase();
}

/** A new issuer code in the depositories' style: three digits and a letter ("734K"). */
function freshCode(rng: Rng, used: Set<string>): string {
  for (;;) {
    const code = `${String(rng.int(1, 999)).padStart(3, '0')}${String.fromCharCode(65 + rng.int(0, 25))}`;
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}
