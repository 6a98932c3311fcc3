import { describe, expect, it } from 'vitest';
import {
  changesOf,
  editClashesAfter,
  editClashText,
  editValuesOf,
  feePreview,
  rebaseEdits,
} from '../../pwa/features/registrations/hooks/use-registration-editor';
import type { Registration } from '../../shared/schemas/registration';
import { registrationRow } from './fixtures';

const reg = { ...registrationRow(), base_amount: 500, total_amount: 500, paid_amount: 250, late_fee_applied: false } as Registration;
const preview = (o: Partial<ReturnType<typeof editValuesOf>>) => feePreview(reg, { ...editValuesOf(reg), ...o }, 5000);

describe("the registration page's fee preview", () => {
  it('gives the new total and what is due back for a discount that can be saved', () => {
    expect(preview({ discount_percentage: '10', fixed_discount_amount: '0' })).toMatchObject({
      newTotalCents: 45000,
      refundDueCents: 0,
      valid: true,
    });
    expect(preview({ discount_percentage: '0', fixed_discount_amount: '300' })).toMatchObject({
      newTotalCents: 20000,
      refundDueCents: 5000,
      valid: true,
    });
  });

  it('on a cancelled registration, all that was paid is due back, as its payment summary says', () => {
    const cancelled = { ...reg, status: 'cancelled' } as Registration;
    const withDiscount = feePreview(cancelled, { ...editValuesOf(cancelled), discount_percentage: '10' }, 5000);
    expect(withDiscount).toMatchObject({ newTotalCents: 45000, refundDueCents: 25000 });
    expect(feePreview(cancelled, editValuesOf(cancelled), 5000).refundDueCents).toBe(25000);
  });

  it('reads a discount as Save sends it: thousands with a comma', () => {
    const big = { ...reg, base_amount: 2000, total_amount: 2000 } as Registration;
    expect(feePreview(big, { ...editValuesOf(big), fixed_discount_amount: '1,000' }, 5000)).toMatchObject({
      newTotalCents: 100000,
      valid: true,
    });
    expect(changesOf(big, { ...editValuesOf(big), fixed_discount_amount: '1,000' })).toEqual({ fixed_discount_amount: '1,000' });
    // what Save would refuse is sent, so the form says why, never dropped unseen
    expect(changesOf(reg, { ...editValuesOf(reg), discount_percentage: 'ten' })).toEqual({ discount_percentage: 'ten' });
  });

  it('gives no total while a discount typed could not be saved', () => {
    expect(preview({ discount_percentage: '150' }).valid).toBe(false);
    expect(preview({ discount_percentage: '-1' }).valid).toBe(false);
    expect(preview({ fixed_discount_amount: '-5' }).valid).toBe(false);
    expect(preview({ fixed_discount_amount: 'ten' }).valid).toBe(false);
    // what Save refuses too: a third decimal
    expect(preview({ fixed_discount_amount: '10.555' }).valid).toBe(false);
    // waived: the discounts are not used
    expect(preview({ waive_fees: true, discount_percentage: '150' })).toMatchObject({ newTotalCents: 0, valid: true });
  });

  it('reads an emptied discount box as no discount, and Save sends 0', () => {
    const discounted = { ...reg, discount_percentage: 10, fixed_discount_amount: 25, total_amount: 425 } as Registration;
    const emptied = { ...editValuesOf(discounted), discount_percentage: ' ', fixed_discount_amount: '' };
    expect(feePreview(discounted, emptied, 5000)).toMatchObject({ newTotalCents: 50000, valid: true });
    expect(changesOf(discounted, emptied)).toEqual({ discount_percentage: '0', fixed_discount_amount: '0' });
    // an emptied box where there was no discount is no change
    expect(changesOf(reg, { ...editValuesOf(reg), fixed_discount_amount: '' })).toEqual({});
  });
});

describe('edit mode while another admin changes the registration', () => {
  it("keeps the admin's own edits, takes the server's new values elsewhere, and saves only the admin's", () => {
    const startedFrom = editValuesOf({ ...reg, fixed_discount_amount: 50, primary_phone: '555-0142' } as Registration);
    const typed = { ...startedFrom, notes: 'Arrives late', city: 'Conroe' };
    // meanwhile: another admin set the fixed discount to $100 and the phone to 555-7777
    const server = { ...reg, fixed_discount_amount: 100, primary_phone: '555-7777' } as Registration;
    const rebased = rebaseEdits(typed, startedFrom, editValuesOf(server));
    expect(rebased).toMatchObject({ notes: 'Arrives late', city: 'Conroe', fixed_discount_amount: '100', primary_phone: '555-7777' });
    expect(changesOf(server, rebased)).toEqual({ notes: 'Arrives late', city: 'Conroe' });
    // typed again as it was ('50.00' for 50, a space after a note): not a change of the admin's
    const retyped = rebaseEdits(
      { ...typed, fixed_discount_amount: '50.00', primary_phone: '555-0142 ' },
      startedFrom,
      editValuesOf(server),
    );
    expect(changesOf(server, retyped)).toEqual({ notes: 'Arrives late', city: 'Conroe' });
    // a discount typed while another admin waived the fees: the waive is a clash, not a tick that hides the discount
    const waived = { ...server, waive_fees: true } as Registration;
    const withDiscount = { ...startedFrom, discount_percentage: '15' };
    const kept = rebaseEdits(withDiscount, startedFrom, editValuesOf(waived));
    expect(kept).toMatchObject({ waive_fees: false, discount_percentage: '15' });
    expect(changesOf(waived, kept)).toMatchObject({ waive_fees: false, discount_percentage: '15' });
    const clashes = editClashesAfter(new Map(), withDiscount, startedFrom, editValuesOf(waived));
    expect(editClashText(clashes, kept)).toBe(
      'Changed elsewhere while you were editing: Waive all fees (now ticked). Save Changes puts what you typed in its place.',
    );
    // a box both changed keeps what the admin typed: their Save is the later one
    const both = rebaseEdits({ ...typed, primary_phone: '555-9999' }, startedFrom, editValuesOf(server));
    expect(changesOf(server, both)).toEqual({ notes: 'Arrives late', city: 'Conroe', primary_phone: '555-9999' });
  });
});
