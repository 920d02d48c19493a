/** The client service: the caller's client profile and chat terms, and the cross-tenant directories (counterparties too). */
import type { Principal } from '../../../shared/accessPolicy.js';
import type { ClientUpdate } from '../../../shared/contracts/clients.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { clientByWebsite, listClients, searchCustodians, type DirectoryFilter } from './clientDirectory.js';
import { acceptChatTerms, clientProfile, updateClient } from './clientProfile.js';
import { searchCounterparties } from './counterparties.js';
import type { CounterpartyScope } from '../../../shared/contracts/counterparties.js';

export function createClientService({ db }: ServiceDeps) {
  return {
    profile: (principal: Principal) => clientProfile(db, principal),
    update: (principal: Principal, clientId: number, patch: ClientUpdate) => updateClient(db, principal, clientId, patch),
    acceptChatTerms: (principal: Principal) => acceptChatTerms(db, principal),
    list: (filter: DirectoryFilter) => listClients(db, filter),
    custodians: (search?: string) => searchCustodians(db, search),
    byWebsite: (website: string) => clientByWebsite(db, website),
    counterparties: (principal: Principal, search: string, scope?: CounterpartyScope) => searchCounterparties(db, principal, search, scope),
  };
}
