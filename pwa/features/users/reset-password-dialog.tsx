/** Sets a new password for a staff account (PUT /api/users/{id} {password}); their sessions end at once. */
import { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/form-field';
import { useForm } from '../../lib/use-form';
import { OFFLINE_REASON, offlineSubmit, useOnline } from '../../lib/use-online';
import { createUserSchema, type User } from '../../../shared/schemas/auth';
import { useUpdateUser } from './api/users-api';

const schema = z.object({ password: createUserSchema.shape.password });

export function ResetPasswordDialog({ user, onClose, onDone }: { user: User | null; onClose: () => void; onDone: (user: User) => void }) {
  const form = useForm({ password: '' });
  const update = useUpdateUser();
  // opened before the signal went: the reset waits for it rather than being sent whenever it returns
  const online = useOnline();

  const close = () => {
    if (form.busy) return;
    form.reset();
    onClose();
  };

  const onSubmit = form.submit({
    schema,
    send: async (_, { password }) => {
      if (!user) return;
      onDone(await update.mutateAsync({ id: user.id, changes: { password } }));
    },
    fallback: 'Failed to reset password. Please try again.',
  });

  return (
    <Dialog open={user !== null} title="Reset Password" onClose={close}>
      {user && (
        <form onSubmit={onSubmit} noValidate>
          <p>
            Set a new password for {user.first_name} {user.last_name} ({user.email}).{' '}
            {user.disabled
              ? 'Their account stays disabled: enable it too, or they cannot sign in with the new password.'
              : 'They are signed out everywhere and sign in again with the new password.'}
          </p>
          {form.result && (
            <p className="form-error" role="alert">
              {form.result.text}
            </p>
          )}
          <TextField label="New Password" {...form.field('password')} type="password" autoComplete="new-password" required autoFocus />
          {!online && <p className="note">{OFFLINE_REASON}</p>}
          <div className="dialog-footer">
            <Button variant="secondary" onClick={close} disabled={form.busy}>
              Cancel
            </Button>
            <Button type="submit" busy={form.busy} busyText="Saving..." {...offlineSubmit(online, form.busy)}>
              Reset Password
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
