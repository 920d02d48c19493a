import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../src/shared/contracts/orders';
import { orderMachine } from './order.machine';

describe('order machine', () => {
  it('has exactly the statuses the orders API shows', () => {
    expect(Object.keys(orderMachine.config.states ?? {}).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});
