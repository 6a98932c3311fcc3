/**
 * Attendee bodies: the Add Attendee dialog (docs/product.md#registration-detail), its edit form, and the group-member
 * rows of the manual create form. The server parses the same schemas the forms use.
 */
import { z } from 'zod';
import { AGE_CATEGORIES, GENDERS, RELATIONSHIPS } from '../constants';
import { decimalText, optionalText, requiredString } from './common';
export type { Attendee } from './records';

export const ATTENDEE_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  relationship: 'Relationship is required',
  relationshipOther: 'Please specify the relationship',
  ageCategory: 'Age category is required',
  age: 'Age must be a whole number from 0 to 120',
  gender: 'Gender must be male, female, other or prefer_not_to_say',
} as const;

/** '' and null mean "not given" for the optional selects and number inputs of the forms. */
const blankToNull = (v: unknown) => (v === '' || v === null ? null : v);

export const firstNameField = requiredString(ATTENDEE_MESSAGES.firstName, 100);
export const lastNameField = requiredString(ATTENDEE_MESSAGES.lastName, 100);
export const ageCategoryField = z.enum(AGE_CATEGORIES, { error: ATTENDEE_MESSAGES.ageCategory });
export const relationshipField = z.enum(RELATIONSHIPS, { error: ATTENDEE_MESSAGES.relationship });

/** Optional age, 0-120 (the form's number input); numeric strings are accepted. */
export const ageField = z.preprocess(
  (v) => blankToNull(typeof v === 'string' && v.trim() === '' ? '' : decimalText(v)),
  z
    .number({ error: ATTENDEE_MESSAGES.age })
    // a refinement, not .int(): zod's int check stops the whole parse, which hid 'Please specify the relationship' beside it
    .refine((n) => Number.isInteger(n), ATTENDEE_MESSAGES.age)
    .min(0, ATTENDEE_MESSAGES.age)
    .max(120, ATTENDEE_MESSAGES.age)
    .nullish()
    .transform((v) => v ?? null),
);

export const genderField = z.preprocess(
  blankToNull,
  z
    .enum(GENDERS, { error: ATTENDEE_MESSAGES.gender })
    .nullish()
    .transform((v) => v ?? null),
);

/** relationship 'other' needs relationship_other; checked even when other fields fail, so the form shows it. */
function requireOtherRelationship<T extends z.ZodType>(schema: T) {
  return schema.refine(
    (v) => {
      const a = v as { relationship?: unknown; relationship_other?: unknown };
      return a.relationship !== 'other' || (typeof a.relationship_other === 'string' && a.relationship_other.trim() !== '');
    },
    {
      message: ATTENDEE_MESSAGES.relationshipOther,
      path: ['relationship_other'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );
}

/**
 * An attendee's cultural programs (the home page's singing, dancing, skits; free text, as the programs
 * change from year to year): `[{ program_type }]`, each named once. On an update the list replaces the
 * attendee's programs; left out, they stay.
 */
export const culturalProgramsField = z
  .array(z.object({ program_type: requiredString('Program type is required', 50, 'Program type') }), {
    error: 'Cultural programs must be a list of { program_type }',
  })
  .max(10, 'At most 10 cultural programs')
  .transform((list) => [...new Map(list.map((p) => [p.program_type.toLowerCase(), p])).values()]);

const attendeeObject = z.object({
  first_name: firstNameField,
  last_name: lastNameField,
  relationship: relationshipField,
  relationship_other: optionalText(100),
  age_category: ageCategoryField,
  age: ageField,
  gender: genderField,
  dietary_restrictions: optionalText(2000),
  cultural_programs: culturalProgramsField.optional(),
});

/** POST /registrations/{id}/attendees */
export const attendeeCreateSchema = requireOtherRelationship(attendeeObject);
export type AttendeeCreateInput = z.input<typeof attendeeCreateSchema>;
export type AttendeeCreate = z.output<typeof attendeeCreateSchema>;

/** PUT /registrations/{id}/attendees/{attendeeId}: any subset of the fields; the merged result obeys the same rules. */
export const attendeeUpdateSchema = attendeeObject
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type AttendeeUpdate = z.output<typeof attendeeUpdateSchema>;

/** A group-member row of the manual create form: names and age category required (docs/product.md#messages), the rest optional. */
export const groupMemberSchema = requireOtherRelationship(
  attendeeObject.extend({
    relationship: z.preprocess(
      blankToNull,
      relationshipField.nullish().transform((v) => v ?? null),
    ),
  }),
);
export type GroupMember = z.output<typeof groupMemberSchema>;
