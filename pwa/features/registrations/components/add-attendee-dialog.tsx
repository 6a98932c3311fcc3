/**
 * The Add Attendee dialog (docs/product.md#screens): first and last name, relationship (self is not offered: the
 * primary contact is 'self'), 'Please specify' only for other, age category, age 0-120, gender and
 * dietary restrictions; Cancel / Add Attendee ('Adding...'). Checked with the server's schema. A typed
 * age suggests the age category until the admin picks one (docs/architecture.md).
 *
 * With `editing`, the same dialog corrects an attendee ("Edit Attendee", Save Changes / 'Saving...'),
 * opened on what is saved, with the same rules; the primary contact's relationship stays self and is not
 * asked. The server recomputes the totals, keeps the registration's name fields in step with the primary
 * contact, and writes the change to the history.
 */
import { useAgeCategoryOptions, useEvent } from '../../../lib/public-config';
import { categoryForAge } from '../../../../shared/age-bands';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors, validateForm, type FieldErrors } from '../../../lib/form-errors';
import { attendeeCreateSchema, type Attendee } from '../../../../shared/schemas/attendee';
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
  /** the spec's alert for a refusal ('Failed to add attendee' or the server's sentence) */
  onFailure: (text: string) => void;
}

export function AddAttendeeDialog({ open, registrationId, editing, onClose, onFailure }: AddAttendeeDialogProps) {
  const formId = useId();
  const ageOptions = useAgeCategoryOptions();
  const bands = useEvent().ageBands;
  const add = useAddAttendee();
  const update = useUpdateAttendee();
  const saving = add.isPending || update.isPending;
  const primary = !!editing?.is_primary;
  const initial = editing ? valuesOf(editing) : EMPTY;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // an attendee being corrected already has a category: a typed age no longer overrides it
  const [categoryPicked, setCategoryPicked] = useState(!!editing);

  const set = (name: keyof Values, value: string) => setValues((v) => ({ ...v, [name]: value }));

  function close() {
    if (saving) return;
    setValues(initial);
    setErrors({});
    setFormError(null);
    setCategoryPicked(false);
    onClose();
  }

  function onAge(value: string) {
    const n = Number(value);
    setValues((v) => ({
      ...v,
      age: value,
      age_category:
        !categoryPicked && value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 120 ? categoryForAge(n, bands) : v.age_category,
    }));
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    // the primary contact is checked as 'self' (the server keeps it so) and sent without a relationship
    const relationship = primary ? 'self' : values.relationship;
    const body = { ...values, relationship, relationship_other: relationship === 'other' ? values.relationship_other : '' };
    const checked = validateForm(attendeeCreateSchema, body);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      if (editing) {
        const { relationship: _r, relationship_other: _o, ...rest } = checked.data;
        await update.mutateAsync({ registrationId, attendeeId: editing.id, body: primary ? rest : checked.data });
      } else {
        await add.mutateAsync({ registrationId, body: checked.data });
        setValues(EMPTY);
        setCategoryPicked(false);
      }
      onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      const text = errorMessage(err, editing ? 'Failed to update attendee' : 'Failed to add attendee');
      setFormError(text);
      onFailure(text);
    }
  }

  return (
    <Dialog
      open={open}
      title={editing ? 'Edit Attendee' : 'Add Attendee'}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={saving} busyText={editing ? 'Saving...' : 'Adding...'}>
            {editing ? 'Save Changes' : 'Add Attendee'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="dialog-form">
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="form-grid">
          <TextField
            label="First Name"
            name="first_name"
            value={values.first_name}
            onChange={(e) => set('first_name', e.target.value)}
            error={errors.first_name}
            required
            autoFocus
          />
          <TextField
            label="Last Name"
            name="last_name"
            value={values.last_name}
            onChange={(e) => set('last_name', e.target.value)}
            error={errors.last_name}
            required
          />
        </div>
        {primary ? (
          <p className="note">Relationship: primary contact. Their name and age category are the registration&apos;s too.</p>
        ) : (
          <SelectField
            label="Relationship"
            name="relationship"
            value={values.relationship}
            onChange={(e) => set('relationship', e.target.value)}
            options={RELATIONSHIP_OPTIONS}
            placeholder="Select relationship"
            error={errors.relationship}
            required
          />
        )}
        {!primary && values.relationship === 'other' && (
          <TextField
            label="Specify Relationship"
            name="relationship_other"
            value={values.relationship_other}
            onChange={(e) => set('relationship_other', e.target.value)}
            error={errors.relationship_other}
            required
          />
        )}
        <div className="form-grid">
          <SelectField
            label="Age Category"
            name="age_category"
            value={values.age_category}
            onChange={(e) => {
              setCategoryPicked(true);
              set('age_category', e.target.value);
            }}
            options={ageOptions}
            placeholder="Select age category"
            error={errors.age_category}
            required
          />
          <TextField
            label="Age"
            name="age"
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            value={values.age}
            onChange={(e) => onAge(e.target.value)}
            error={errors.age}
          />
          <SelectField
            label="Gender"
            name="gender"
            value={values.gender}
            onChange={(e) => set('gender', e.target.value)}
            options={GENDER_OPTIONS}
            placeholder="Not specified"
            error={errors.gender}
          />
        </div>
        <TextField
          label="Dietary Restrictions"
          name="dietary_restrictions"
          value={values.dietary_restrictions}
          onChange={(e) => set('dietary_restrictions', e.target.value)}
          error={errors.dietary_restrictions}
        />
      </form>
    </Dialog>
  );
}
