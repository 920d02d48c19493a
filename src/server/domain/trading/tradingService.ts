/** The trading service (issue #14): EOI commands and the quote lists, on the app's clock and market hours. */
import type { Principal } from '../../../shared/accessPolicy.js';
import type { CreateEoi, MarketQuery, MyEoisQuery, PrivateRunQuery } from '../../../shared/contracts/trading.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { closeEoi, createEoi, expireEoi, type TradingDeps, updateEoi } from './eoiCommands.js';
import { marketList, myEois, privateRun } from './eoiLists.js';

export function createTradingService({ db, clock, config }: ServiceDeps) {
  const deps: TradingDeps = { db, clock, marketHours: config.marketHours };
  return {
    createEoi: (principal: Principal, input: CreateEoi) => createEoi(deps, principal, input),
    updateEoi: (principal: Principal, id: number, body: unknown) => updateEoi(deps, principal, id, body),
    expireEoi: (principal: Principal, id: number) => expireEoi(deps, principal, id),
    closeEoi: (principal: Principal, id: number, body: unknown) => closeEoi(deps, principal, id, body),
    market: (principal: Principal, query: MarketQuery) => marketList(deps, principal, query),
    privateRun: (principal: Principal, query: PrivateRunQuery) => privateRun(deps, principal, query),
    myEois: (principal: Principal, query: MyEoisQuery) => myEois(deps, principal, query),
  };
}
