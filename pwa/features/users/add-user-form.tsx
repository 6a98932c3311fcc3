/** Adds a greeter, check-in staff or an admin (POST /api/users), checked first with the server's own schema. */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/form-field';
import { useForm } from '../../lib/use-form';
import { createUserSchema } from '../../../shared/schemas/auth';
import { useCreateUser } from './api/users-api';
import { ROLE_NOUNS, type Role } from '../../../shared/constants';

const EMPTY = { first_name: '', last_name: '', email: '', role: 'greeter', password: '' };
const ROLE_OPTIONS = [
  { value: 'greeter', label: 'Greeter (flight arrivals only)' },
  { value: 'checkin', label: 'Check-in staff (the check-in desk only)' },
  { value: 'admin', label: 'Administrator (everything)' },
];

export function AddUserForm({ online = true }: { online?: boolean }) {
  const form = useForm(EMPTY);
  const create = useCreateUser();
  const onSubmit = form.submit({
    schema: createUserSchema,
    send: async (data) => {
      const user = await create.mutateAsync(data);
      return `${user.first_name} ${user.last_name} can now sign in as ${ROLE_NOUNS[user.role as Role] ?? user.role}.`;
    },
    fallback: 'Failed to add user. Please try again.',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-user-title">
      <h2 id="add-user-title">Add User</h2>
      {form.result && <Alert kind={form.result.kind}>{form.result.text}</Alert>}
      <div className="form-grid">
        <TextField label="First Name" {...form.field('first_name')} autoComplete="off" required />
        <TextField label="Last Name" {...form.field('last_name')} autoComplete="off" required />
        <TextField label="Email" {...form.field('email')} type="email" autoComplete="off" required />
        <SelectField label="Role" {...form.field('role')} options={ROLE_OPTIONS} required />
        <TextField
          label="Password"
          {...form.field('password')}
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters. Share it with the person; they can change it on their Profile."
          required
        />
      </div>
      <Button type="submit" busy={form.busy} busyText="Adding..." disabled={!online}>
        Add User
      </Button>
    </form>
  );
}
