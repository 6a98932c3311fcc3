import { describe, expect, it } from 'vitest';
import {
  baseAmountCents,
  computeAmounts,
  derivePaymentStatus,
  formatMoney,
  fromCents,
  isLate,
  owedCents,
  refundDueCents,
  refundOwedCents,
  toCents,
  type FeeSettings,
} from '../../shared/pricing';
import { DEFAULT_EVENT } from '../../shared/event';

const prices = DEFAULT_EVENT.prices;
const LATE = DEFAULT_EVENT.lateFeeCents;
const fees = (over: Partial<FeeSettings> = {}): FeeSettings => ({
  waiveFees: false,
  discountPercentage: 0,
  fixedDiscountCents: 0,
  lateFeeApplied: false,
  removeLateFee: false,
  ...over,
});

describe('base amount', () => {
  it('sums $350 per adult, $200 per youth, $150 per child', () => {
    expect(baseAmountCents(['adult', 'adult', 'youth', 'child'], prices)).toBe(105000);
    expect(baseAmountCents([], prices)).toBe(0);
  });
});

describe('late fee', () => {
  it("applies to registrations created after 2025-06-01 only, by the calendar in the event's time zone", () => {
    const zone = 'America/Chicago';
    // 7 pm in Texas on June 1 is June 2 in UTC: still on time
    expect(isLate(new Date('2025-06-02T00:00:00Z'), '2025-06-01', zone)).toBe(false);
    expect(isLate(new Date('2025-06-02T04:59:59Z'), '2025-06-01', zone)).toBe(false);
    // midnight in Texas (CDT, UTC−5)
    expect(isLate(new Date('2025-06-02T05:00:00Z'), '2025-06-01', zone)).toBe(true);
    expect(isLate(new Date('2025-06-01T12:00:00Z'), '2025-06-01', zone)).toBe(false);
    expect(isLate(new Date('2025-06-02T12:00:00Z'), '2025-06-01', 'UTC')).toBe(true);
  });

  it('adds $50 when applied, nothing when removed by an admin', () => {
    expect(computeAmounts(35000, fees({ lateFeeApplied: true }), LATE)).toEqual({
      baseCents: 35000,
      lateFeeCents: 5000,
      totalCents: 40000,
    });
    expect(computeAmounts(35000, fees({ lateFeeApplied: true, removeLateFee: true }), LATE)).toEqual({
      baseCents: 35000,
      lateFeeCents: 0,
      totalCents: 35000,
    });
    expect(computeAmounts(35000, fees({ removeLateFee: true }), LATE).totalCents).toBe(35000);
  });
});

describe('discounts', () => {
  it('applies the percentage first, then the fixed amount', () => {
    // (700 + 50) × 0.9 = 675 − 25 = 650
    expect(computeAmounts(70000, fees({ lateFeeApplied: true, discountPercentage: 10, fixedDiscountCents: 2500 }), LATE).totalCents).toBe(
      65000,
    );
    // the other order would give (750 − 25) × 0.9 = 652.50
  });

  it('rounds the percentage to the cent and accepts two decimals', () => {
    expect(computeAmounts(35000, fees({ discountPercentage: 12.5 }), LATE).totalCents).toBe(30625);
    expect(computeAmounts(20000, fees({ discountPercentage: 33.33 }), LATE).totalCents).toBe(13334);
  });

  it('floors the total at zero', () => {
    expect(computeAmounts(35000, fees({ fixedDiscountCents: 50000 }), LATE).totalCents).toBe(0);
    expect(computeAmounts(35000, fees({ discountPercentage: 100 }), LATE).totalCents).toBe(0);
  });

  it('waiving makes the total 0 whatever else is set, keeping the base for the breakdown', () => {
    expect(computeAmounts(105000, fees({ waiveFees: true, lateFeeApplied: true, discountPercentage: 10 }), LATE)).toEqual({
      baseCents: 105000,
      lateFeeCents: 5000,
      totalCents: 0,
    });
  });
});

describe('refund due', () => {
  it('is what was paid above a new, lower total', () => {
    expect(refundDueCents(30000, 40000)).toBe(10000);
    expect(refundDueCents(0, 40000)).toBe(40000);
    expect(refundDueCents(40000, 40000)).toBe(0);
    expect(refundDueCents(50000, 10000)).toBe(0);
  });
});

describe('owed', () => {
  it('is what is left of the total, never below zero, and nothing once cancelled', () => {
    expect(owedCents('active', 40000, 15000)).toBe(25000);
    expect(owedCents('pending', 40000, 50000)).toBe(0);
    expect(owedCents('waitlist', 40000, 0)).toBe(40000);
    expect(owedCents('cancelled', 40000, 15000)).toBe(0);
  });

  it('owed back is what was paid beyond the total, or all that was paid once cancelled', () => {
    expect(refundOwedCents('active', 40000, 45000)).toBe(5000);
    expect(refundOwedCents('active', 40000, 15000)).toBe(0);
    expect(refundOwedCents('cancelled', 40000, 15000)).toBe(15000);
    expect(refundOwedCents('cancelled', 40000, 0)).toBe(0);
  });
});

describe('payment status', () => {
  it('is paid when paid ≥ total, partial in between, pending with nothing paid', () => {
    expect(derivePaymentStatus(40000, 40000)).toBe('paid');
    expect(derivePaymentStatus(40000, 50000)).toBe('paid');
    expect(derivePaymentStatus(40000, 1)).toBe('partial');
    expect(derivePaymentStatus(40000, 0)).toBe('pending');
    // waived (total 0) counts as settled
    expect(derivePaymentStatus(0, 0)).toBe('paid');
  });

  it('is refunded when a refund brought the paid amount back to 0', () => {
    expect(derivePaymentStatus(40000, 0, true)).toBe('refunded');
    expect(derivePaymentStatus(40000, 10000, true)).toBe('partial');
  });
});

describe('money helpers', () => {
  it('converts dollars to cents and back without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(-100.5)).toBe(-10050);
    expect(fromCents(42450)).toBe(424.5);
  });

  it("formats as '$1,234.00'", () => {
    expect(formatMoney(1234)).toBe('$1,234.00');
    expect(formatMoney('175.5')).toBe('$175.50');
    expect(formatMoney(null)).toBe('$0.00');
  });
});
