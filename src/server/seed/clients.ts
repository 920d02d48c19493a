/** Client rows and broker links from the client list, with deterministic PANs. */
import { DEFAULT_EXCHANGES } from '../../shared/enums.js';
import type { clients } from '../db/schema.js';
import { CLIENTS, type ClientSeed } from './data/clientList.js';
import { createRng } from './rng.js';

type ClientRow = typeof clients.$inferInsert;

/** The insert rows of every demo client, in list order. */
export function buildClients(): ClientRow[] {
  return CLIENTS.map((c) => ({
    slug: c.slug,
    name: c.name,
    clientType: c.type,
    clientMode: c.broker ? 'BROKING' : 'SOFTWARE',
    segment: c.segment,
    category: c.category ?? null,
    tier: c.tier,
    isBroker: c.broker ?? false,
    // The -P client types are the partner variants of corporate and individual clients.
    isPartner: c.type.endsWith('-P'),
    offlineRecord: c.offline ?? false,
    tradesOnBooks: c.tradesOnBooks ?? false,
    website: c.type.startsWith('CORP') ? `https://${c.slug}.demo` : null,
    state: c.state,
    pan: panFor(c),
    allowedExchanges: c.clearing ? [c.clearing] : [...DEFAULT_EXCHANGES],
    allowedReportingExchanges: c.rfq ? ['NSE', 'BSE'] : [],
    rfqExchanges: c.rfq ? ['NSE', 'BSE'] : c.segment === 'INSTITUTIONAL' ? ['NSE'] : [],
    stpExchanges: c.stp ? ['NSE'] : [],
    hasAcceptedChatTerms: c.tier === 'PREMIUM',
    isCustodian: c.custodian ?? false,
    isOperator: c.operator ?? false,
  }));
}

/** [client slug, broker slug] pairs for client_brokers. */
export function buildBrokerLinks(): [string, string][] {
  return CLIENTS.flatMap((c) => (c.brokers ?? []).map((b): [string, string] => [c.slug, b]));
}

/**
 * A well-formed fictional PAN: 3 letters, the holder-type letter (C company, F firm/LLP,
 * H HUF, T trust, P person), the initial of the name (surname for people), 4 digits, a letter.
 */
function panFor(c: ClientSeed): string {
  const rng = createRng(`pan:${c.slug}`);
  const letter = () => String.fromCharCode(65 + rng.int(0, 25));
  const holder = c.name.includes('HUF')
    ? 'H'
    : /Trust/.test(c.name)
      ? 'T'
      : /LLP|Planners/.test(c.name)
        ? 'F'
        : c.type.startsWith('INDV')
          ? 'P'
          : 'C';
  const words = c.name
    .replace(/\(.*\)|HUF/g, '')
    .trim()
    .split(/\s+/);
  const initial = (holder === 'P' ? words[words.length - 1]! : words[0]!)[0]!.toUpperCase();
  return `${letter()}${letter()}${letter()}${holder}${initial}${String(rng.int(1000, 9999))}${letter()}`;
}
