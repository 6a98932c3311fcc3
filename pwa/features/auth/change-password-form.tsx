/**
 * Change Password (docs/product.md#screens Profile, docs/product.md#messages Change password, docs/product.md#messages): current, new, confirm; checked on the
 * client with the shared schema, then POST /api/auth/change-password. Success shows
 * 'Password changed successfully!'; failure the server's sentence or the spec's fallback.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { serverFieldErrors, validateForm, type FieldErrors } from '../../lib/form-errors';
import { changePasswordFormSchema } from '../../../shared/schemas/auth';
import { changePasswordRequest } from './api/auth-api';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const mutation = useMutation({ mutationFn: changePasswordRequest });

  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const checked = validateForm(changePasswordFormSchema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      await mutation.mutateAsync({ current_password: values.current_password, new_password: values.new_password });
      setValues(EMPTY);
      setResult({ kind: 'success', text: 'Password changed successfully!' });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setResult({ kind: 'error', text: errorMessage(err, 'Failed to change password. Please try again.') });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change Password</h2>
      {result && <Alert kind={result.kind}>{result.text}</Alert>}
      <TextField
        label="Current Password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={set('current_password')}
        error={errors.current_password}
        required
      />
      <TextField
        label="New Password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={values.new_password}
        onChange={set('new_password')}
        error={errors.new_password}
        hint="At least 6 characters."
        required
      />
      <TextField
        label="Confirm New Password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={values.confirm_password}
        onChange={set('confirm_password')}
        error={errors.confirm_password}
        required
      />
      <Button type="submit" busy={mutation.isPending} busyText="Updating...">
        Update Password
      </Button>
    </form>
  );
}
