/** Sets a new password for a staff account (PUT /api/users/{id} {password}); their sessions end at once. */
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { serverFieldErrors, validateForm, type FieldErrors } from '../../lib/form-errors';
import { createUserSchema, type User } from '../../../shared/schemas/auth';
import { useUpdateUser } from './api/users-api';

const schema = z.object({ password: createUserSchema.shape.password });

export function ResetPasswordDialog({ user, onClose, onDone }: { user: User | null; onClose: () => void; onDone: (user: User) => void }) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateUser();

  const close = () => {
    if (update.isPending) return;
    setPassword('');
    setErrors({});
    setFailure(null);
    onClose();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    setFailure(null);
    const checked = validateForm(schema, { password });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      const updated = await update.mutateAsync({ id: user.id, changes: { password } });
      setPassword('');
      onDone(updated);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setFailure(errorMessage(err, 'Failed to reset password. Please try again.'));
    }
  }

  return (
    <Dialog open={user !== null} title="Reset Password" onClose={close}>
      {user && (
        <form onSubmit={onSubmit} noValidate>
          <p>
            Set a new password for {user.first_name} {user.last_name} ({user.email}). They are signed out everywhere and sign in again with
            the new password.
          </p>
          {failure && (
            <p className="form-error" role="alert">
              {failure}
            </p>
          )}
          <TextField
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            required
            autoFocus
          />
          <div className="dialog-footer">
            <Button variant="secondary" onClick={close} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={update.isPending} busyText="Saving...">
              Reset Password
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
