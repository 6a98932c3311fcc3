/**
 * Edit mode of the registration page (docs/product.md#registration-detail): the admin's pencil opens it
 * with the loaded values (contact, emergency contact, address, requests and notes, fees); Cancel puts them back; Save sends only what changed (PUT), and the page then
 * reloads from the server. The fee preview uses shared/pricing.ts, the same code the server saves with:
 * waive-all makes the total 0 and zeroes both discounts; otherwise the percentage applies first, then
 * the fixed amount, with a floor at 0; 'Refund Due' appears when the new total is below what was paid.
 */
import { useMemo, useRef, useState } from 'react';
import { useForm } from '../../../lib/use-form';
import { focusFirstError } from '../../../lib/focus-first-error';
import { computeAmounts, formatMoney, refundOwedCents, toCents } from '../../../../shared/pricing';
import { registrationUpdateSchema, type Registration } from '../../../../shared/schemas/registration';
import { useUpdateRegistration, type RegistrationChanges } from '../api/update-registration';
import { clashesAfter, clashText, rebaseValues, type Touched } from '../../../lib/rebase-values';
import { useFollowSaved, type Clashes } from '../../../lib/use-follow-saved';
import { useLeaveWarning } from '../../../lib/use-leave-warning';

export interface EditValues {
  primary_first_name: string;
  primary_last_name: string;
  primary_email: string;
  primary_phone: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  dietary_restrictions: string;
  special_requests: string;
  notes: string;
  waive_fees: boolean;
  discount_percentage: string;
  fixed_discount_amount: string;
  remove_late_fee: boolean;
}

const TEXT_FIELDS = [
  'primary_first_name',
  'primary_last_name',
  'primary_email',
  'primary_phone',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
  'country',
  'emergency_contact_name',
  'emergency_contact_phone',
  'dietary_restrictions',
  'special_requests',
  'notes',
] as const;

const amountText = (n: number | undefined) => (n ? String(n) : '0');

export function editValuesOf(r: Registration): EditValues {
  return {
    primary_first_name: r.primary_first_name,
    primary_last_name: r.primary_last_name,
    primary_email: r.primary_email,
    primary_phone: r.primary_phone,
    address_line1: r.address_line1 ?? '',
    address_line2: r.address_line2 ?? '',
    city: r.city ?? '',
    state: r.state ?? '',
    zip_code: r.zip_code ?? '',
    country: r.country ?? '',
    emergency_contact_name: r.emergency_contact_name ?? '',
    emergency_contact_phone: r.emergency_contact_phone ?? '',
    dietary_restrictions: r.dietary_restrictions ?? '',
    special_requests: r.special_requests ?? '',
    notes: r.notes ?? '',
    waive_fees: !!r.waive_fees,
    discount_percentage: amountText(r.discount_percentage),
    fixed_discount_amount: amountText(r.fixed_discount_amount),
    remove_late_fee: !!r.remove_late_fee,
  };
}

type FeeBox = 'discount_percentage' | 'fixed_discount_amount';

/** A fee box's text as Save would send it, read by the PUT schema's own field ('1,000' is 1000); null when it refuses it. */
const parsedFee = (field: FeeBox, s: string): number | null => {
  const r = registrationUpdateSchema.shape[field].safeParse(s);
  return r.success && typeof r.data === 'number' ? r.data : null;
};

/** A discount box as Save sends it: an emptied box is no discount, 0. */
const feeText = (s: string) => (s.trim() === '' ? '0' : s);

/** The fields that differ from the loaded registration, in the PUT body's shape. */
export function changesOf(r: Registration, v: EditValues): Record<string, unknown> {
  const loaded = editValuesOf(r);
  const out: Record<string, unknown> = {};
  for (const k of TEXT_FIELDS) if (!sameAsSaved(k, v[k], loaded[k])) out[k] = v[k];
  if (v.waive_fees !== loaded.waive_fees) out.waive_fees = v.waive_fees;
  // waiving zeroes both discounts (docs/decisions.md "Registrations")
  const pct = v.waive_fees ? '0' : feeText(v.discount_percentage);
  const fixed = v.waive_fees ? '0' : feeText(v.fixed_discount_amount);
  if (parsedFee('discount_percentage', pct) !== (r.discount_percentage ?? 0)) out.discount_percentage = pct;
  if (parsedFee('fixed_discount_amount', fixed) !== (r.fixed_discount_amount ?? 0)) out.fixed_discount_amount = fixed;
  if (v.remove_late_fee !== loaded.remove_late_fee) out.remove_late_fee = v.remove_late_fee;
  return out;
}

export interface FeePreview {
  currentTotalCents: number;
  newTotalCents: number;
  paidCents: number;
  refundDueCents: number;
  /** false while a discount typed could not be saved (out of range, not a number): no new total is shown */
  valid: boolean;
}

/** The totals the fee settings in `v` would give, in cents. `lateFeeCents` is the event's late fee. */
export function feePreview(r: Registration, v: EditValues, lateFeeCents: number): FeePreview {
  // each box as Save would send it; 0 while Save would refuse it (the schema reports it)
  const pct = parsedFee('discount_percentage', feeText(v.discount_percentage));
  const fixed = parsedFee('fixed_discount_amount', feeText(v.fixed_discount_amount));
  const { totalCents } = computeAmounts(
    toCents(r.base_amount ?? 0),
    {
      waiveFees: v.waive_fees,
      discountPercentage: v.waive_fees ? 0 : (pct ?? 0),
      fixedDiscountCents: v.waive_fees ? 0 : toCents(fixed ?? 0),
      lateFeeApplied: !!r.late_fee_applied,
      removeLateFee: v.remove_late_fee,
    },
    r.late_fee_amount ? toCents(r.late_fee_amount) : lateFeeCents,
  );
  const paidCents = toCents(r.paid_amount ?? 0);
  return {
    currentTotalCents: toCents(r.total_amount ?? 0),
    newTotalCents: totalCents,
    paidCents,
    // once cancelled, all that was paid is owed back whatever the total (as the payment summary says)
    refundDueCents: refundOwedCents(r.status, totalCents, paidCents),
    valid: v.waive_fees || (pct !== null && fixed !== null),
  };
}

/**
 * The form after the registration changed on the server while it was being edited (another admin, a
 * desk, live): each box the admin has not touched since `startedFrom` takes the server's new value; each
 * one they changed keeps theirs. Save then sends only the admin's own changes, and does not put back
 * the old value of a field someone else changed meanwhile (a discount, a phone).
 */
export const rebaseEdits = (values: EditValues, startedFrom: EditValues, fresh: EditValues): EditValues =>
  rebaseValues(values, startedFrom, fresh, sameAsSaved, touchedEdits(values, startedFrom));

/**
 * The boxes the admin touched since `startedFrom`. A discount typed counts as keeping fees not waived:
 * another admin's Waive all fees meanwhile is then a clash (said, and the admin's Save puts it back),
 * not a tick that silently hides the discount typed.
 */
function touchedEdits(values: EditValues, startedFrom: EditValues): Touched<EditValues> {
  const changed = (k: keyof EditValues) => !sameAsSaved(k, values[k], startedFrom[k]);
  return (k) =>
    changed(k) || (k === 'waive_fees' && !values.waive_fees && (changed('discount_percentage') || changed('fixed_discount_amount')));
}

/** The boxes' names as the edit form labels them, for the sentence about a box changed on both sides. */
const LABELS: Record<keyof EditValues, string> = {
  primary_first_name: 'First Name',
  primary_last_name: 'Last Name',
  primary_email: 'Email',
  primary_phone: 'Phone',
  address_line1: 'Address Line 1',
  address_line2: 'Address Line 2',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP Code',
  country: 'Country',
  emergency_contact_name: 'Emergency Contact Name',
  emergency_contact_phone: 'Emergency Contact Number',
  dietary_restrictions: 'Dietary Restrictions',
  special_requests: 'Special Requests',
  notes: 'Notes',
  waive_fees: 'Waive all fees',
  discount_percentage: 'Discount Percentage (%)',
  fixed_discount_amount: 'Fixed Discount Amount ($)',
  remove_late_fee: 'Remove late fee',
};

type EditClashes = Clashes<EditValues>;

/** The boxes changed here and on the server while editing, with the server's value (pwa/lib/rebase-values.ts). */
export const editClashesAfter = (known: EditClashes, values: EditValues, startedFrom: EditValues, fresh: EditValues): EditClashes =>
  clashesAfter(known, values, startedFrom, fresh, sameAsSaved, touchedEdits(values, startedFrom));

const EDIT_RULES = { rebase: rebaseEdits, clashes: editClashesAfter };

/** The sentence over the form while a box changed here was changed elsewhere too, or null. */
export const editClashText = (clashes: EditClashes, values: EditValues): string | null =>
  clashText(clashes, values, sameAsSaved, { labels: LABELS }, 'Save Changes');

/** Whether two values of a box would save the same, as changesOf reads them: text trimmed, a discount as its amount. */
function sameAsSaved(k: keyof EditValues, a: EditValues[keyof EditValues], b: EditValues[keyof EditValues]): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return a === b;
  if (k === 'discount_percentage' || k === 'fixed_discount_amount') {
    const [x, y] = [parsedFee(k, feeText(a)), parsedFee(k, feeText(b))];
    return x === null || y === null ? a.trim() === b.trim() : x === y;
  }
  return a.trim() === b.trim();
}

/** The sentence after a save: what changed in money is what an admin most wants confirmed. */
export function savedText(changes: Record<string, unknown>, newTotalCents: number): string {
  const fees = ['waive_fees', 'discount_percentage', 'fixed_discount_amount', 'remove_late_fee'].some((k) => k in changes);
  return fees ? `Changes saved. The total is now ${formatMoney(newTotalCents / 100)}.` : 'Changes saved.';
}

/** Save Changes sits at the top, the boxes all down the page: the admin lands on the first to mend. */
const landOnFirstError = () => focusFirstError(document.querySelector('.registration-detail'));

export function useRegistrationEditor(
  registration: Registration,
  lateFeeCents: number,
  onFailure: (text: string) => void,
  onSaved: (text: string) => void = () => {},
) {
  const [editing, setEditing] = useState(false);
  const form = useForm<EditValues>(editValuesOf(registration));
  const { values } = form;
  const update = useUpdateRegistration();
  /** the discounts as they were when Waive all fees was ticked in this edit */
  const beforeWaive = useRef<Pick<EditValues, 'discount_percentage' | 'fixed_discount_amount'> | null>(null);

  const preview = useMemo(() => feePreview(registration, values, lateFeeCents), [registration, values, lateFeeCents]);

  // changed on the server while editing: the boxes not touched follow it (rebaseEdits); one changed on both sides is said
  const { clashes, restart } = useFollowSaved(editing ? editValuesOf(registration) : null, form.setValues, EDIT_RULES);

  function start() {
    beforeWaive.current = null;
    const from = editValuesOf(registration);
    restart(from);
    form.reset(from);
    setEditing(true);
  }

  function cancel() {
    form.reset(editValuesOf(registration));
    restart(null);
    setEditing(false);
  }

  function set<K extends keyof EditValues>(name: K, value: EditValues[K]) {
    form.set(name, value);
    if (name !== 'waive_fees') return;
    // waiving zeroes both discounts (docs/decisions.md "Registrations"); unticking before saving gives them back
    if (value === true) {
      beforeWaive.current = { discount_percentage: values.discount_percentage, fixed_discount_amount: values.fixed_discount_amount };
      form.setValues((v) => ({ ...v, discount_percentage: '0', fixed_discount_amount: '0' }));
    } else if (beforeWaive.current) {
      const discounts = beforeWaive.current;
      beforeWaive.current = null;
      form.setValues((v) => ({ ...v, ...discounts }));
    }
  }

  /** For the text inputs, which report (name, value) pairs. */
  function setText(name: string, value: string) {
    if ((TEXT_FIELDS as readonly string[]).includes(name) || name === 'discount_percentage' || name === 'fixed_discount_amount') {
      form.set(name as keyof EditValues, value);
    }
  }

  const send = form.submit({
    schema: registrationUpdateSchema,
    body: (v) => changesOf(registration, v),
    send: async (data, v) => {
      const saved = await update.mutateAsync({ id: registration.id, changes: data as RegistrationChanges });
      setEditing(false);
      // the total the server saved: another admin's change made meanwhile counts in it, the preview's may not
      onSaved(savedText(changesOf(registration, v), toCents(saved.total_amount ?? 0)));
    },
    after: 'keep',
    fallback: 'Failed to update registration',
    onInvalid: landOnFirstError,
    onError: (_, text) => {
      onFailure(text);
      landOnFirstError();
    },
  });

  /** something typed here that Save Changes would send */
  const unsaved = editing && Object.keys(changesOf(registration, values)).length > 0;
  // a reload or a closed tab asks first while there are changes not saved
  useLeaveWarning(unsaved);

  /** Saves what changed; with nothing changed it only leaves edit mode. */
  async function save() {
    if (!unsaved) {
      setEditing(false);
      return;
    }
    await send();
  }

  /** the sentence over the form while a box changed here was changed on another device too, or null */
  const clash = editing ? editClashText(clashes, values) : null;

  return { editing, values, errors: form.errors, preview, saving: form.busy, clash, start, cancel, set, setText, save };
}

export type RegistrationEditor = ReturnType<typeof useRegistrationEditor>;
