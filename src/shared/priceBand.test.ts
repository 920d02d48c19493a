import { describe, expect, it } from 'vitest';
import { FAT_FINGER_BAND, isInsideBand, isPriceInRange, yieldOutOfRange } from './priceBand';

describe('quote limits', () => {
  it('takes a price above 0 up to 250 and refuses 0, a negative price and above 250', () => {
    expect([0.0001, 100, 250].map(isPriceInRange)).toEqual([true, true, true]);
    expect([0, -1, 250.0001].map(isPriceInRange)).toEqual([false, false, false]);
  });

  it('names a yield below 0 or above 100 % (a price of 0.0001 implies 4,250 %)', () => {
    expect(yieldOutOfRange(-0.0001)).toBe('negative');
    expect(yieldOutOfRange(42.5)).toBe('above100');
    expect(yieldOutOfRange(0)).toBeUndefined();
    expect(yieldOutOfRange(1)).toBeUndefined();
  });
});

describe('the fat-finger band', () => {
  it('is 50 basis points of yield either side of the reference', () => {
    expect(FAT_FINGER_BAND.yieldFraction).toBe(0.005);
    expect(isInsideBand({ yield: 0.0742 }, { yield: 0.0792 })).toBe(true);
    expect(isInsideBand({ yield: 0.0742 }, { yield: 0.0793 })).toBe(false);
    expect(isInsideBand({ yield: 0.0742 }, { yield: 0.0691 })).toBe(false);
  });

  it('is 2 % of the reference price either side', () => {
    expect(isInsideBand({ price: 100 }, { price: 98 })).toBe(true);
    expect(isInsideBand({ price: 100 }, { price: 102.01 })).toBe(false);
  });

  it('refuses to compare a yield with a price', () => {
    expect(() => isInsideBand({ yield: 0.07 }, { price: 100 })).toThrow();
  });
});
