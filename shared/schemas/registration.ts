/**
 * Registration bodies and queries (docs/product.md#messages): the two create forms, the admin edit (contact, address,
 * fees), cancel, payments, and the list filters shared by the list, the CSV export and the bulk
 * flight-info request. Messages are the spec's sentences.
 */
import { z } from 'zod';
import { MAX_ATTENDEES, PAYMENT_STATUSES, REGISTRATION_STATUSES } from '../constants';
import { ageCategoryField, firstNameField, groupMemberSchema, lastNameField } from './attendee';
import { challengeAnswer, decimal, emailField, flag, money, optionalText, pageQuery, requiredString } from './common';
import type { Registration } from './records';
import type { RegistrationListItem, Pagination, RegistrationStats, Payment, RegistrationDetail, HistoryEntry } from './answers';
export type { RegistrationListItem, Pagination, RegistrationStats, Payment, RegistrationDetail, HistoryEntry };
export type { Registration };

export const REGISTRATION_MESSAGES = {
  phoneAdmin: 'Phone number is required',
  phoneManual: 'Phone is required',
  cancelReason: 'Please provide a reason for cancellation',
  discount: 'Discount must be between 0 and 100',
  fixedDiscount: 'Fixed discount must be 0 or more',
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be a number with at most 2 decimals',
  amountZero: 'Amount cannot be zero',
  methodRequired: 'Payment method is required',
} as const;

const optionalAddress = {
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zip_code: optionalText(20),
  country: optionalText(100),
};

const contactFields = (phoneMessage: string) => ({
  primary_email: emailField('Email is required', 'Invalid email'),
  primary_phone: requiredString(phoneMessage, 40),
  primary_first_name: firstNameField,
  primary_last_name: lastNameField,
});

const extraFields = {
  special_requests: optionalText(2000),
  dietary_restrictions: optionalText(2000),
  emergency_contact_name: optionalText(200),
  emergency_contact_phone: optionalText(40),
  notes: optionalText(5000),
};

/** The admin create form (Event Registration): contact, address, additional information, bot challenge. */
export const adminCreateSchema = z.object({
  ...contactFields(REGISTRATION_MESSAGES.phoneAdmin),
  primary_age_category: ageCategoryField,
  ...optionalAddress,
  ...extraFields,
  turnstileToken: challengeAnswer(),
});
export type AdminCreateInput = z.input<typeof adminCreateSchema>;

/**
 * The manual create form (Add New Registration): a body carrying `attendees` (the group members besides
 * the primary contact). The primary category defaults to adult (docs/product.md#messages).
 */
export const manualCreateSchema = z.object({
  ...contactFields(REGISTRATION_MESSAGES.phoneManual),
  primary_age_category: z.preprocess((v) => (v === undefined ? 'adult' : v), ageCategoryField),
  ...optionalAddress,
  ...extraFields,
  // the 9-attendee limit is a rule (422, checked by the service); this only bounds the body
  attendees: z.array(groupMemberSchema, { error: 'Group members must be a list' }).max(50, `At most ${MAX_ATTENDEES} attendees`),
});
export type ManualCreateInput = z.input<typeof manualCreateSchema>;

/**
 * What the Event Registration screen sends: the admin form, plus group members when any were added
 * (the body then carries `attendees` and the server treats it as the manual form).
 */
export const registerFormSchema = adminCreateSchema.extend({ attendees: manualCreateSchema.shape.attendees.optional() });

/** Either form, normalised: what the create service takes. */
export type RegistrationCreate = z.output<typeof manualCreateSchema>;

const percentage = decimal(
  z
    .number({ error: REGISTRATION_MESSAGES.discount })
    .min(0, REGISTRATION_MESSAGES.discount)
    .max(100, REGISTRATION_MESSAGES.discount)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Discount can have at most 2 decimals'),
);

const fixedAmount = money(REGISTRATION_MESSAGES.fixedDiscount).pipe(
  z
    .number({ error: REGISTRATION_MESSAGES.fixedDiscount })
    .min(0, REGISTRATION_MESSAGES.fixedDiscount)
    .max(1_000_000, 'Fixed discount is too large')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Fixed discount can have at most 2 decimals'),
);

const bool = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** PUT /registrations/{id}: any subset of contact, address, notes and fee settings. */
export const registrationUpdateSchema = z
  .object({
    ...contactFields(REGISTRATION_MESSAGES.phoneAdmin),
    primary_age_category: ageCategoryField,
    ...optionalAddress,
    ...extraFields,
    waive_fees: bool('waive_fees'),
    discount_percentage: percentage,
    fixed_discount_amount: fixedAmount,
    remove_late_fee: bool('remove_late_fee'),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type RegistrationUpdate = z.output<typeof registrationUpdateSchema>;

export const cancelSchema = z.object({
  // named: the sentence shows alone in the page's banner, not under a field
  reason: requiredString(REGISTRATION_MESSAGES.cancelReason, 1000, 'The reason'),
});

/** POST /registrations/{id}/payments: dollars, negative for a refund. */
export const paymentCreateSchema = z.object({
  amount: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', REGISTRATION_MESSAGES.amountRequired)
    .pipe(money(REGISTRATION_MESSAGES.amountInvalid))
    .pipe(
      z
        .number({ error: REGISTRATION_MESSAGES.amountInvalid })
        .refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, REGISTRATION_MESSAGES.amountInvalid)
        .refine((n) => Math.round(n * 100) !== 0, REGISTRATION_MESSAGES.amountZero) // in cents: 5e-324 is zero too
        .refine((n) => Math.abs(n) <= 1_000_000, 'Amount is too large'),
    ),
  method: requiredString(REGISTRATION_MESSAGES.methodRequired, 50),
  note: optionalText(1000),
});
export type PaymentCreate = z.output<typeof paymentCreateSchema>;

/** Known payment methods offered by the form; free text is accepted too. */
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'zelle', 'other'] as const;

// ---- list filters ----------------------------------------------------------------------------------

/** '' and 'all' from a filter select mean "no filter". */
const filterValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === 'all' || v === null ? undefined : v), schema.optional());

export const LIST_SORTS = ['newest', 'name', 'amount'] as const;
export const CHECKED_IN_FILTERS = ['everyone', 'some', 'none'] as const;
/** 'waived' filters fees waived; 'completed' (older data) is read as 'paid'. */
export const PAYMENT_FILTERS = [...PAYMENT_STATUSES, 'completed', 'waived'] as const;

export const registrationFiltersSchema = z.object({
  search: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: 'Invalid search' }).trim().max(200, 'Search is too long').optional(),
  ),
  status: filterValue(z.enum(REGISTRATION_STATUSES, { error: `Status must be one of ${REGISTRATION_STATUSES.join(', ')}` })),
  payment_status: filterValue(
    z
      .enum(PAYMENT_FILTERS, { error: `Payment status must be one of ${PAYMENT_STATUSES.join(', ')}, waived` })
      .transform((v) => (v === 'completed' ? 'paid' : v)),
  ),
  state: filterValue(z.string().trim().max(100, 'State is too long')),
  flights: filterValue(z.enum(['missing', 'present'], { error: 'flights must be missing or present' })),
  /** the desk: everyone of the party checked in, some of them, or nobody yet */
  checked_in: filterValue(z.enum(CHECKED_IN_FILTERS, { error: 'checked_in must be everyone, some or none' })),
});
export type RegistrationFilters = z.output<typeof registrationFiltersSchema>;

export const registrationListQuerySchema = registrationFiltersSchema.extend({
  ...pageQuery(20, 100),
  sort: filterValue(z.enum(LIST_SORTS, { error: 'sort must be newest, name or amount' })),
  order: filterValue(z.enum(['asc', 'desc'], { error: 'order must be asc or desc' })),
});
export type RegistrationListQuery = z.output<typeof registrationListQuerySchema>;

/**
 * POST /registrations/request-flight-info: the list's filters, `dryRun` to count first, `limit` to send in
 * batches and show progress. Strict: a misspelt filter ('flight') would otherwise be dropped, and the
 * mail sent to every active registration.
 */
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
export const bulkFlightRequestSchema = registrationFiltersSchema
  .extend({
    dryRun: flag('dryRun'),
    limit: decimal(z.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).optional()),
  })
  .strict();

export const exportQuerySchema = registrationListQuerySchema.omit({ page: true, limit: true });

export const historyQuerySchema = z.object(pageQuery(50, 200));
/** A family's payments: all of them by default (a handful), in pages when asked. */
export const paymentsQuerySchema = z.object(pageQuery(200, 500));

// ---- response shapes -------------------------------------------------------------------------------
