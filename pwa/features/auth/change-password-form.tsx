/**
 * Change Password (docs/product.md#screens Profile, docs/product.md#messages Change password, docs/product.md#messages): current, new, confirm; checked on the
 * client with the shared schema, then POST /api/auth/change-password. Success shows
 * 'Password changed successfully!'; failure the server's sentence or the spec's fallback.
 */
import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { useForm } from '../../lib/use-form';
import { OFFLINE_REASON, offlineSubmit, useOnline } from '../../lib/use-online';
import { changePasswordFormSchema } from '../../../shared/schemas/auth';
import { changePasswordRequest } from './api/auth-api';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const form = useForm(EMPTY);
  // a change needs the server: offline the form says so and waits, rather than going through whenever the signal returns
  const online = useOnline();
  const mutation = useMutation({ mutationFn: changePasswordRequest });
  const onSubmit = form.submit({
    schema: changePasswordFormSchema,
    send: async ({ current_password, new_password }) => {
      await mutation.mutateAsync({ current_password, new_password });
      return 'Password changed successfully!';
    },
    fallback: 'Failed to change password. Please try again.',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change Password</h2>
      {form.result && <Alert kind={form.result.kind}>{form.result.text}</Alert>}
      {!online && <Alert kind="warning">{OFFLINE_REASON}</Alert>}
      <TextField label="Current Password" {...form.field('current_password')} type="password" autoComplete="current-password" required />
      <TextField
        label="New Password"
        {...form.field('new_password')}
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        required
      />
      <TextField label="Confirm Password" {...form.field('confirm_password')} type="password" autoComplete="new-password" required />
      <Button type="submit" busy={form.busy} busyText="Updating..." {...offlineSubmit(online, form.busy)}>
        Update Password
      </Button>
    </form>
  );
}
