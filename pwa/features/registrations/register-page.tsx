/**
 * /register, 'Event Registration' (docs/product.md#screens Admin create form, docs/product.md#messages, docs/product.md#messages): Primary Contact Information,
 * Address Information, Additional Information, the bot challenge, and 'Create Registration' (disabled
 * until the challenge is solved or while sending; 'Creating Registration...'). Group Members (optional)
 * as on Add New Registration, so a family can be entered from either form: with members the body
 * carries `attendees` (docs/decisions.md "One create form"). Checked with the same
 * schema the server uses; the server's sentence or the spec's fallback shows in a banner. On success
 * the new registration's page opens.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { ChallengeWidget } from '../../components/challenge-widget';
import { CHALLENGE_MESSAGES } from '../../../shared/schemas/common';
import { usePublicConfig } from '../../lib/public-config';
import { useForm } from '../../lib/use-form';
import { registerFormSchema } from '../../../shared/schemas/registration';
import { useCreateRegistration } from './api/create-registration';
import { emailInUseText, useEmailInUse } from './api/email-in-use';
import { AddressFields, ContactFields, EMPTY_CONTACT_AND_ADDRESS, RequestsFields } from './components/contact-fields';
import { FormBanner } from './components/form-banner';
import { GroupMembersSection, membersToAttendees, type MemberRow } from './components/group-members-fields';
import { detailPath } from './components/registrations-table';
import { useOnline } from '../../lib/use-online';
import { useLeaveWarning } from '../../lib/use-leave-warning';

const EMPTY = {
  ...EMPTY_CONTACT_AND_ADDRESS,
  primary_age_category: '',
  dietary_restrictions: '',
  special_requests: '',
  members: [] as MemberRow[],
};
type Values = typeof EMPTY;

export default function RegisterPage() {
  const navigate = useNavigate();
  const config = usePublicConfig();
  const online = useOnline();
  const create = useCreateRegistration();
  const form = useForm<Values>(EMPTY);
  const { values, errors } = form;
  const inUse = useEmailInUse(values.primary_email);
  // a reload or a closed tab asks first once something is typed
  useLeaveWarning(JSON.stringify(values) !== JSON.stringify(EMPTY));
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);

  const onChange = (name: string, value: string) => form.set(name as keyof Values, value);

  const onSubmit = form.submit({
    schema: registerFormSchema,
    body: ({ members, ...v }) => ({ ...v, turnstileToken: token, ...(members.length > 0 && { attendees: membersToAttendees(members) }) }),
    extra: () => (token ? undefined : { turnstileToken: CHALLENGE_MESSAGES.missing }),
    send: async (data) => {
      const created = await create.mutateAsync({ ...data, turnstileToken: token });
      navigate(detailPath(created.registration.registration_number));
    },
    after: 'keep',
    fallback: 'Failed to create registration. Please try again.',
    // a challenge solution is good for one try: ask for a fresh one after any refusal
    onError: () => setResetKey((k) => k + 1),
  });

  return (
    <div className="page page-form">
      <h1>Event Registration</h1>
      <p className="lead">Create a registration on behalf of an attendee.</p>
      <form onSubmit={onSubmit} noValidate aria-label="Event Registration">
        <FormBanner error={form.result?.text ?? null} online={online} />
        <fieldset className="card form-section" disabled={!online}>
          <legend>Primary Contact Information</legend>
          <ContactFields
            values={values}
            errors={errors}
            onChange={onChange}
            ageCategory={{ value: values.primary_age_category, placeholder: 'Select age category' }}
            emailHint={emailInUseText(inUse)}
          />
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Address Information</legend>
          <AddressFields values={values} errors={errors} onChange={onChange} />
        </fieldset>
        <fieldset className="card form-section" disabled={!online}>
          <legend>Additional Information</legend>
          <RequestsFields values={values} errors={errors} onChange={onChange} />
        </fieldset>
        <GroupMembersSection
          legend="Group Members (optional)"
          disabled={!online}
          rows={values.members}
          errors={errors}
          onChange={(rows) => form.setValues((v) => ({ ...v, members: rows }))}
        />
        <ChallengeWidget
          provider={config.challenge.provider}
          siteKey={config.challenge.siteKey}
          resetKey={resetKey}
          onToken={(t) => {
            setToken(t);
            if (t) form.clearError('turnstileToken');
          }}
          onProblem={(p) => form.setErrors((prev) => ({ ...prev, turnstileToken: CHALLENGE_MESSAGES[p] }))}
        />
        <p className="field-error" role="alert">
          {errors.turnstileToken ?? ''}
        </p>
        <div className="form-actions">
          <Button type="submit" busy={form.busy} busyText="Creating Registration..." disabled={!token || !online}>
            Create Registration
          </Button>
        </div>
      </form>
    </div>
  );
}
