/**
 * The primary-contact and address inputs shared by both create forms and the detail page's edit mode.
 * Field names are the API's (primary_first_name, address_line1, ...), so zod issues and the server's
 * `fields` land on the right input without mapping.
 */
import { useAgeCategoryOptions } from '../../../lib/public-config';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import type { FieldErrors } from '../../../lib/form-errors';

export interface ContactValues {
  primary_first_name: string;
  primary_last_name: string;
  primary_email: string;
  primary_phone: string;
}

export interface AddressValues {
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip_code: string;
  country?: string;
}

/** A create form's contact and address fields before anything is typed (the country defaults to USA). */
export const EMPTY_CONTACT_AND_ADDRESS = {
  primary_first_name: '',
  primary_last_name: '',
  primary_email: '',
  primary_phone: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  zip_code: '',
  country: 'USA',
};

export interface EmergencyValues {
  emergency_contact_name: string;
  emergency_contact_phone: string;
}

export interface RequestsValues {
  dietary_restrictions: string;
  special_requests: string;
}

export interface NotesValues {
  notes: string;
}

type Setter = (name: string, value: string) => void;

/** A text input's props for field `name` of `values`: value, change, error, disabled. */
function fieldOf<V>({ values, errors, onChange, disabled }: FieldsProps<V>) {
  return (name: keyof V & string) => ({
    name,
    value: (values[name] as string | undefined) ?? '',
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    error: errors[name],
    disabled,
  });
}

interface FieldsProps<V> {
  values: V;
  errors: FieldErrors;
  onChange: Setter;
  disabled?: boolean;
}

export function ContactFields({
  values,
  errors,
  onChange,
  disabled,
  ageCategory,
  emailHint,
}: FieldsProps<ContactValues> & {
  /** the age-category select of the create forms; '' shows a "Select" placeholder */
  ageCategory?: { value: string; placeholder?: string };
  /** said under Email (the create forms: the registrations already using it) */
  emailHint?: string | null;
}) {
  const ageOptions = useAgeCategoryOptions();
  const input = fieldOf<ContactValues>({ values, errors, onChange, disabled });
  return (
    <div className="form-grid">
      <TextField label="First Name" autoComplete="given-name" required {...input('primary_first_name')} />
      <TextField label="Last Name" autoComplete="family-name" required {...input('primary_last_name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...input('primary_email')}
        hint={emailHint ?? undefined}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" required {...input('primary_phone')} />
      {ageCategory && (
        <SelectField
          label="Age Category"
          name="primary_age_category"
          value={ageCategory.value}
          onChange={(e) => onChange('primary_age_category', e.target.value)}
          options={ageOptions}
          placeholder={ageCategory.placeholder}
          error={errors.primary_age_category}
          disabled={disabled}
          required
        />
      )}
    </div>
  );
}

export function AddressFields(props: FieldsProps<AddressValues>) {
  const { values } = props;
  const input = fieldOf(props);
  return (
    <div className="form-grid">
      <TextField label="Address Line 1" autoComplete="address-line1" {...input('address_line1')} />
      <TextField label="Address Line 2" autoComplete="address-line2" {...input('address_line2')} />
      <TextField label="City" autoComplete="address-level2" {...input('city')} />
      <TextField label="State" autoComplete="address-level1" {...input('state')} />
      <TextField label="ZIP Code" autoComplete="postal-code" {...input('zip_code')} />
      {values.country !== undefined && (
        <TextField label="Country" autoComplete="country-name" hint="Left empty, it is USA" {...input('country')} />
      )}
    </div>
  );
}

/** The manual create form's Emergency Contact, and the detail page's in edit mode. */
export function EmergencyContactFields(props: FieldsProps<EmergencyValues>) {
  const input = fieldOf(props);
  return (
    <div className="form-grid">
      <TextField label="Emergency Contact Name" {...input('emergency_contact_name')} />
      <TextField label="Emergency Contact Number" type="tel" {...input('emergency_contact_phone')} />
    </div>
  );
}

/** The Event Registration form's Additional Information, and the detail page's in edit mode. */
export function RequestsFields(props: FieldsProps<RequestsValues>) {
  const input = fieldOf(props);
  return (
    <>
      <TextAreaField label="Dietary Restrictions" rows={2} {...input('dietary_restrictions')} />
      <TextAreaField label="Special Requests" rows={3} {...input('special_requests')} />
    </>
  );
}

/** The office's notes: the manual create form's Additional Notes, and the detail page's in edit mode. */
export function NotesField(props: FieldsProps<NotesValues>) {
  return <TextAreaField label="Notes" rows={3} {...fieldOf(props)('notes')} />;
}
