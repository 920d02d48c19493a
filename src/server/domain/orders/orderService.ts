/** The orders service (issue #9): reporting, answering, changing and reading orders on the app's clock. */
import type { Principal } from '../../../shared/accessPolicy.js';
import type { OrderListQuery } from '../../../shared/contracts/orders.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { answerOrder, cancelOrder, modifyOrder, type OrderDeps, reportOrder } from './orderCommands.js';
import { contractNoteOf, getOrder, listOrders } from './orderQueries.js';
import type { OrderSide } from './orderView.js';

export function createOrderService({ db, clock, config }: ServiceDeps) {
  const deps: OrderDeps = { db, clock };
  return {
    report: (principal: Principal, side: OrderSide, body: unknown, key: string | null) => reportOrder(deps, principal, side, body, key),
    answer: (principal: Principal, side: OrderSide, id: number, body: unknown) => answerOrder(deps, principal, side, id, body),
    cancel: (principal: Principal, side: OrderSide, id: number) => cancelOrder(deps, principal, side, id),
    modify: (principal: Principal, side: OrderSide, id: number, body: unknown) => modifyOrder(deps, principal, side, id, body),
    get: (principal: Principal, side: OrderSide, id: number) => getOrder(db, principal, side, id),
    list: (principal: Principal, query: OrderListQuery) => listOrders(db, principal, query),
    contractNote: (principal: Principal, side: OrderSide, id: number) =>
      contractNoteOf(db, principal, side, id, config.brandName, clock.now()),
  };
}
