/**
 * /admin/registrations/new, 'Add New Registration' (docs/product.md#screens Manual create form, docs/product.md#messages): Primary Contact,
 * Address (optional), Emergency Contact (optional), Group Members, Additional Notes; Cancel / Create
 * Registration ('Creating...'). No bot challenge: the body carries `attendees`, which marks the manual
 * form for the server. Checked with the server's own schema, so the sentences match.
 */
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { useForm } from '../../lib/use-form';
import { manualCreateSchema } from '../../../shared/schemas/registration';
import { useCreateRegistration } from './api/create-registration';
import { emailInUseText, useEmailInUse } from './api/email-in-use';
import { AddressFields, ContactFields, EMPTY_CONTACT_AND_ADDRESS, EmergencyContactFields, NotesField } from './components/contact-fields';
import { FormBanner } from './components/form-banner';
import { GroupMembersSection, membersToAttendees, type MemberRow } from './components/group-members-fields';
import { detailPath } from './components/registrations-table';
import { useOnline } from '../../lib/use-online';
import { useLeaveWarning } from '../../lib/use-leave-warning';

const EMPTY = {
  ...EMPTY_CONTACT_AND_ADDRESS,
  primary_age_category: 'adult',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  notes: '',
  members: [] as MemberRow[],
};
type Values = typeof EMPTY;

export default function ManualCreatePage() {
  const navigate = useNavigate();
  const online = useOnline();
  const create = useCreateRegistration();
  const form = useForm<Values>(EMPTY);
  const { values, errors } = form;
  const inUse = useEmailInUse(values.primary_email);
  // a reload or a closed tab asks first once something is typed
  useLeaveWarning(JSON.stringify(values) !== JSON.stringify(EMPTY));

  const onChange = (name: string, value: string) => form.set(name as keyof Values, value);

  const onSubmit = form.submit({
    schema: manualCreateSchema,
    body: ({ members, ...v }) => ({ ...v, attendees: membersToAttendees(members) }),
    onInvalid: () => form.setResult({ kind: 'error', text: 'Please correct the highlighted fields.' }),
    send: async (data) => {
      const created = await create.mutateAsync(data);
      navigate(detailPath(created.registration.registration_number));
    },
    after: 'keep',
    fallback: 'Failed to create registration. Please try again.',
  });

  return (
    <div className="page page-form">
      <h1>Add New Registration</h1>
      <p className="lead">Enter a registration received by phone, mail or in person. The primary contact is the first attendee.</p>
      <form onSubmit={onSubmit} noValidate aria-label="Add New Registration">
        <FormBanner error={form.result?.text ?? null} online={online} />
        <fieldset className="card form-section" disabled={!online}>
          <legend>Primary Contact</legend>
          <ContactFields
            values={values}
            errors={errors}
            onChange={onChange}
            ageCategory={{ value: values.primary_age_category }}
            emailHint={emailInUseText(inUse)}
          />
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Address (optional)</legend>
          <AddressFields values={values} errors={errors} onChange={onChange} />
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Emergency Contact (optional)</legend>
          <EmergencyContactFields values={values} errors={errors} onChange={onChange} />
        </fieldset>
        <GroupMembersSection
          disabled={!online}
          rows={values.members}
          errors={errors}
          onChange={(rows) => form.setValues((v) => ({ ...v, members: rows }))}
        />
        <fieldset className="card form-section" disabled={!online}>
          <legend>Additional Notes</legend>
          <NotesField values={values} errors={errors} onChange={onChange} />
        </fieldset>
        <div className="form-actions">
          <Button variant="secondary" onClick={() => navigate('/admin/registrations')}>
            Cancel
          </Button>
          <Button type="submit" busy={form.busy} busyText="Creating..." disabled={!online}>
            Create Registration
          </Button>
        </div>
      </form>
    </div>
  );
}
