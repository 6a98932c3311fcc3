/**
 * Money rules (docs/product.md#rules). Everything is integer cents; the server and the fee preview in
 * the PWA call the same functions so the preview never disagrees with the saved total.
 */
import type { AgeCategory, PaymentStatus, RegistrationStatus } from './constants';
import { calendarDate } from './time-zone';

export interface Prices {
  adult: number;
  youth: number;
  child: number;
}

export interface FeeSettings {
  waiveFees: boolean;
  /** 0-100, may have two decimals */
  discountPercentage: number;
  fixedDiscountCents: number;
  lateFeeApplied: boolean;
  removeLateFee: boolean;
}

export interface Amounts {
  baseCents: number;
  lateFeeCents: number;
  totalCents: number;
}

/** Sum of the prices of the active attendees. */
export function baseAmountCents(categories: readonly AgeCategory[], prices: Prices): number {
  return categories.reduce((sum, c) => sum + prices[c], 0);
}

/**
 * Whether a registration created at `createdAt` carries the late fee: created after the late-fee date,
 * a calendar day in the event's time zone (7 pm in Texas on that day is already the next day in UTC).
 */
export function isLate(createdAt: Date, lateFeeAfter: string, timeZone: string): boolean {
  return calendarDate(createdAt, timeZone) > lateFeeAfter;
}

/**
 * total = waived ? 0 : max(0, round((base + late fee) × (1 − pct/100)) − fixed)
 * Percentage applies first, then the fixed discount, with a floor at zero.
 */
export function computeAmounts(baseCents: number, fees: FeeSettings, lateFee: number): Amounts {
  const lateFeeCents = fees.lateFeeApplied && !fees.removeLateFee ? lateFee : 0;
  if (fees.waiveFees) return { baseCents, lateFeeCents, totalCents: 0 };
  const afterPct = Math.round((baseCents + lateFeeCents) * (1 - fees.discountPercentage / 100));
  return { baseCents, lateFeeCents, totalCents: Math.max(0, afterPct - fees.fixedDiscountCents) };
}

/** Payment status derived from what is owed and what was paid; 'refunded' is set by an admin refund. */
export function derivePaymentStatus(totalCents: number, paidCents: number, refunded = false): PaymentStatus {
  if (refunded && paidCents <= 0) return 'refunded';
  if (paidCents >= totalCents) return 'paid';
  if (paidCents > 0) return 'partial';
  return 'pending';
}

/** What is left to pay on a total: never below zero (money paid beyond it is a refund due). */
export function balanceDueCents(totalCents: number, paidCents: number): number {
  return Math.max(0, totalCents - paidCents);
}

/**
 * What a family still owes, as the admin's screens and the export show it: a cancelled family owes nothing,
 * whatever its total says (money it still holds is an organiser's to refund). The API's `balance_due` is
 * `balanceDueCents` whatever the status.
 */
export function owedCents(status: RegistrationStatus, totalCents: number, paidCents: number): number {
  return status === 'cancelled' ? 0 : balanceDueCents(totalCents, paidCents);
}

/**
 * What is owed back to a family, as the admin's screens show it: what was paid beyond the total, or,
 * once cancelled, all it paid (an organiser's to refund; nothing is owed on a cancelled registration).
 */
export function refundOwedCents(status: RegistrationStatus, totalCents: number, paidCents: number): number {
  return status === 'cancelled' ? Math.max(0, paidCents) : refundDueCents(totalCents, paidCents);
}

/** Refund owed when a new total falls below what was already paid (fee preview). */
export function refundDueCents(newTotalCents: number, paidCents: number): number {
  return Math.max(0, paidCents - newTotalCents);
}

export const toCents = (amount: number | string): number => Math.round(Number(amount) * 100);
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** '$1,234.00' */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = Number(amount ?? 0);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number.isFinite(n) ? n : 0);
}
