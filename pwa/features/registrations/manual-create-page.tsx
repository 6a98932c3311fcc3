/**
 * /admin/registrations/new, 'Add New Registration' (docs/product.md#screens Manual create form, docs/product.md#messages): Primary Contact,
 * Address (optional), Emergency Contact (optional), Group Members, Additional Notes; Cancel / Create
 * Registration ('Creating...'). No bot challenge: the body carries `attendees`, which marks the manual
 * form for the server. Checked with the server's own schema, so the sentences match.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { TextAreaField, TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { serverFieldErrors, validateForm, type FieldErrors } from '../../lib/form-errors';
import { manualCreateSchema } from '../../../shared/schemas/registration';
import { useCreateRegistration } from './api/create-registration';
import { AddressFields, ContactFields } from './components/contact-fields';
import { FormBanner } from './components/form-banner';
import { GroupMembersFields, type MemberRow } from './components/group-members-fields';
import { detailPath } from './components/registrations-table';
import { useOnline } from '../../lib/use-online';

const EMPTY = {
  primary_first_name: '',
  primary_last_name: '',
  primary_email: '',
  primary_phone: '',
  primary_age_category: 'adult',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  zip_code: '',
  country: 'USA',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  notes: '',
};

export default function ManualCreatePage() {
  const navigate = useNavigate();
  const online = useOnline();
  const create = useCreateRegistration();
  const [values, setValues] = useState(EMPTY);
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onChange = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const body = { ...values, attendees: members.map(({ key: _key, ...m }) => m) };
    const checked = validateForm(manualCreateSchema, body);
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      setFormError('Please correct the highlighted fields.');
      return;
    }
    try {
      const created = await create.mutateAsync(checked.data);
      navigate(detailPath(created.registration.registration_number));
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setFormError(errorMessage(err, 'Failed to create registration. Please try again.'));
    }
  }

  return (
    <div className="page page-form">
      <h1>Add New Registration</h1>
      <p className="lead">Enter a registration received by phone, mail or in person. The primary contact is the first attendee.</p>
      <form onSubmit={onSubmit} noValidate aria-label="Add New Registration">
        <FormBanner error={formError} online={online} />
        <fieldset className="card form-section" disabled={!online}>
          <legend>Primary Contact</legend>
          <ContactFields values={values} errors={errors} onChange={onChange} ageCategory={{ value: values.primary_age_category }} />
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Address (optional)</legend>
          <AddressFields values={values} errors={errors} onChange={onChange} />
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Emergency Contact (optional)</legend>
          <div className="form-grid">
            <TextField
              label="Emergency Contact Name"
              name="emergency_contact_name"
              value={values.emergency_contact_name}
              onChange={(e) => onChange('emergency_contact_name', e.target.value)}
              error={errors.emergency_contact_name}
            />
            <TextField
              label="Emergency Contact Phone"
              name="emergency_contact_phone"
              type="tel"
              value={values.emergency_contact_phone}
              onChange={(e) => onChange('emergency_contact_phone', e.target.value)}
              error={errors.emergency_contact_phone}
            />
          </div>
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Group Members</legend>
          <GroupMembersFields rows={members} errors={errors} onChange={setMembers} />
          {errors.attendees && (
            <p className="field-error" role="alert">
              {errors.attendees}
            </p>
          )}
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Additional Notes</legend>
          <TextAreaField
            label="Notes"
            name="notes"
            rows={3}
            value={values.notes}
            onChange={(e) => onChange('notes', e.target.value)}
            error={errors.notes}
          />
        </fieldset>
        <div className="form-actions">
          <Button variant="secondary" onClick={() => navigate('/admin/registrations')}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending} busyText="Creating..." disabled={!online}>
            Create Registration
          </Button>
        </div>
      </form>
    </div>
  );
}
