/**
 * The Add Attendee dialog (docs/product.md#screens): first and last name, relationship (self is not offered: the
 * primary contact is 'self'), 'Please specify' only for other, age category, age 0-120, gender and
 * dietary restrictions; Cancel / Add Attendee ('Adding...'). Checked with the server's schema. A typed
 * age suggests the age category until the admin picks one (docs/product.md#rules, Prices).
 *
 * With `editing`, the same dialog corrects an attendee ("Edit Attendee", Save Changes / 'Saving...'),
 * opened on what is saved, with the same rules; the primary contact's relationship stays self and is not
 * asked; a group member saved without a relationship (the create forms do not ask it) may stay without.
 * While it is open, a change saved elsewhere shows in the boxes not touched here, and Save sends only
 * the boxes changed here (pwa/lib/rebase-values.ts). The server recomputes the totals, keeps the
 * registration's name fields in step with the primary contact, and writes the change to the history.
 */
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/form-field';
import { NumberField } from '../../../components/typed-field';
import { useAgeCategoryOptions, useEvent } from '../../../lib/public-config';
import { useForm } from '../../../lib/use-form';
import { categoryForAge } from '../../../../shared/age-bands';
import { attendeeCreateSchema, groupMemberSchema, type Attendee, type AttendeeCreate } from '../../../../shared/schemas/attendee';
import { changedKeys, clashesAfter, clashText, rebaseValues, sameTrimmed } from '../../../lib/rebase-values';
import { useFollowSaved, type FollowRules } from '../../../lib/use-follow-saved';
import { useAddAttendee } from '../api/add-attendee';
import { useUpdateAttendee } from '../api/update-attendee';

const RELATIONSHIP_OPTIONS = [
  { value: 'spouse', label: 'Spouse' },
  { value: 'child', label: 'Child' },
  { value: 'parent', label: 'Parent' },
  { value: 'sibling', label: 'Sibling' },
  { value: 'other', label: 'Other' },
];

const GENDER_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
];

/**
 * 'Age 10 is in Child (0-12): the price follows the Age Category.' when a typed age belongs to another
 * category than the one chosen; null when they agree or either is missing.
 */
export function ageCategoryMismatch(
  age: string,
  category: string,
  bands: Parameters<typeof categoryForAge>[1],
  options: { value: string; label: string }[],
): string | null {
  const n = Number(age);
  if (age.trim() === '' || !category || !Number.isInteger(n) || n < 0 || n > 120) return null;
  const belongs = categoryForAge(n, bands);
  if (belongs === category) return null;
  return `Age ${n} is in ${options.find((o) => o.value === belongs)?.label ?? belongs}: the price follows the Age Category.`;
}

const EMPTY = {
  first_name: '',
  last_name: '',
  relationship: '',
  relationship_other: '',
  age_category: '',
  age: '',
  gender: '',
  dietary_restrictions: '',
};
type Values = typeof EMPTY;

const LABELS: Record<keyof Values, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  relationship: 'Relationship',
  relationship_other: 'Specify Relationship',
  age_category: 'Age Category',
  age: 'Age',
  gender: 'Gender',
  dietary_restrictions: 'Dietary Restrictions',
};

/** A change saved elsewhere while the dialog is open: boxes compared as they save, text trimmed. */
const FOLLOW_RULES: FollowRules<Values> = {
  rebase: (values, startedFrom, fresh) => rebaseValues(values, startedFrom, fresh, sameTrimmed),
  clashes: (known, values, startedFrom, fresh) => clashesAfter(known, values, startedFrom, fresh, sameTrimmed),
};

/** The form's values of a saved attendee (the primary contact's relationship is not on the form). */
const valuesOf = (a: Attendee): Values => ({
  first_name: a.first_name,
  last_name: a.last_name,
  relationship: a.relationship ?? '',
  relationship_other: a.relationship_other ?? '',
  age_category: a.age_category,
  age: a.age === null ? '' : String(a.age),
  gender: a.gender ?? '',
  dietary_restrictions: a.dietary_restrictions ?? '',
});

export interface AddAttendeeDialogProps {
  open: boolean;
  registrationId: number;
  /** the attendee to correct; absent: a new attendee */
  editing?: Attendee;
  onClose: () => void;
  /** after a save, what it did ('Attendee added.', 'Attendee changes saved.') */
  onDone?: (text: string) => void;
  /** the spec's alert for a refusal ('Failed to add attendee' or the server's sentence) */
  onFailure: (text: string) => void;
}

export function AddAttendeeDialog({ open, registrationId, editing, onClose, onDone, onFailure }: AddAttendeeDialogProps) {
  const formId = useId();
  const ageOptions = useAgeCategoryOptions();
  const bands = useEvent().ageBands;
  const add = useAddAttendee();
  const update = useUpdateAttendee();
  const primary = !!editing?.is_primary;
  const initial = editing ? valuesOf(editing) : EMPTY;
  const form = useForm<Values>(initial);
  const { values } = form;
  // an attendee being corrected already has a category: a typed age no longer overrides it
  const [categoryPicked, setCategoryPicked] = useState(!!editing);
  // a group member saved without a relationship may stay so; one saved with it keeps it required
  const [relationshipOptional] = useState(!!editing && !primary && !editing.relationship);

  /** the attendee as saved when the dialog opened, or at its last change since; boxes changed here meanwhile clash */
  const { startedFrom, clashes } = useFollowSaved(editing ? initial : null, form.setValues, FOLLOW_RULES);
  const choices: Partial<Record<keyof Values, { value: string; label: string }[]>> = {
    relationship: RELATIONSHIP_OPTIONS,
    gender: GENDER_OPTIONS,
    age_category: ageOptions,
  };
  const clash = editing
    ? clashText(
        clashes,
        values,
        sameTrimmed,
        {
          labels: LABELS,
          choice: (k, v) => choices[k]?.find((o) => o.value === v)?.label,
          // Specify Relationship is on the form (and sent) only for Other
          shown: (k) => k !== 'relationship_other' || values.relationship === 'other',
        },
        'Save Changes',
      )
    : null;

  function close() {
    if (form.busy) return;
    form.reset(initial);
    setCategoryPicked(false);
    onClose();
  }

  function onAge(value: string) {
    const n = Number(value);
    form.set('age', value);
    if (!categoryPicked && value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 120)
      form.set('age_category', categoryForAge(n, bands));
  }

  // an age that belongs to another category than the one chosen is said under Age (the price follows the category)
  const ageMismatch = ageCategoryMismatch(values.age, values.age_category, bands, ageOptions);

  const onSubmit = form.submit({
    schema: relationshipOptional ? groupMemberSchema : attendeeCreateSchema,
    // the primary contact is checked as 'self' (the server keeps it so) and sent without a relationship
    body: (v) => {
      const relationship = primary ? 'self' : v.relationship;
      return { ...v, relationship, relationship_other: relationship === 'other' ? v.relationship_other : '' };
    },
    send: async (data, v) => {
      if (editing) {
        // only the boxes changed here: a change saved elsewhere meanwhile is not put back
        const changed = new Set<string>(changedKeys(v, startedFrom.current ?? initial, sameTrimmed));
        if (changed.has('relationship') || changed.has('relationship_other')) changed.add('relationship').add('relationship_other');
        if (primary) for (const k of ['relationship', 'relationship_other']) changed.delete(k);
        const body = Object.fromEntries(Object.entries(data).filter(([k]) => changed.has(k)));
        if (Object.keys(body).length) await update.mutateAsync({ registrationId, attendeeId: editing.id, body });
        // no name in it: the list below says who (a name said twice would read as two people)
        onDone?.(Object.keys(body).length ? 'Attendee changes saved.' : 'Nothing was changed.');
      } else {
        // a new attendee is always checked with the relationship required
        await add.mutateAsync({ registrationId, body: data as AttendeeCreate });
        setCategoryPicked(false);
        onDone?.('Attendee added.');
      }
      onClose();
    },
    after: editing ? 'keep' : EMPTY,
    fallback: editing ? 'Failed to update attendee' : 'Failed to add attendee',
    onError: (_, text) => onFailure(text),
  });

  return (
    <Dialog
      open={open}
      title={editing ? 'Edit Attendee' : 'Add Attendee'}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={form.busy} busyText={editing ? 'Saving...' : 'Adding...'}>
            {editing ? 'Save Changes' : 'Add Attendee'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="dialog-form">
        {form.result && (
          <p className="form-error" role="alert">
            {form.result.text}
          </p>
        )}
        {clash && <Alert kind="warning">{clash}</Alert>}
        <div className="form-grid">
          <TextField label="First Name" {...form.field('first_name')} required autoFocus />
          <TextField label="Last Name" {...form.field('last_name')} required />
        </div>
        {primary ? (
          <p className="note">Relationship: primary contact. Their name and age category are the registration&apos;s too.</p>
        ) : (
          <SelectField
            label="Relationship"
            {...form.field('relationship')}
            options={RELATIONSHIP_OPTIONS}
            placeholder="Select relationship"
            required={!relationshipOptional}
          />
        )}
        {!primary && values.relationship === 'other' && (
          <TextField label="Specify Relationship" {...form.field('relationship_other')} required />
        )}
        <div className="form-grid">
          <SelectField
            label="Age Category"
            {...form.field('age_category')}
            onChange={(e) => {
              setCategoryPicked(true);
              form.set('age_category', e.target.value);
            }}
            options={ageOptions}
            placeholder="Select age category"
            required
          />
          <NumberField
            label="Age"
            {...form.field('age')}
            onChange={(e) => onAge(e.target.value)}
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            hint={ageMismatch ?? undefined}
          />
          <SelectField label="Gender" {...form.field('gender')} options={GENDER_OPTIONS} placeholder="Not specified" />
        </div>
        <TextField label="Dietary Restrictions" {...form.field('dietary_restrictions')} />
      </form>
    </Dialog>
  );
}
