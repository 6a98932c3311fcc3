/** Adds a greeter, check-in staff or an admin (POST /api/users), checked first with the server's own schema. */
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { serverFieldErrors, validateForm, type FieldErrors } from '../../lib/form-errors';
import { createUserSchema } from '../../../shared/schemas/auth';
import { useCreateUser } from './api/users-api';

const EMPTY = { first_name: '', last_name: '', email: '', role: 'greeter', password: '' };
const ROLE_OPTIONS = [
  { value: 'greeter', label: 'Greeter (flight arrivals only)' },
  { value: 'checkin', label: 'Check-in staff (the check-in desk only)' },
  { value: 'admin', label: 'Administrator (everything)' },
];

export function AddUserForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const create = useCreateUser();
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const checked = validateForm(createUserSchema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      const user = await create.mutateAsync(checked.data);
      setValues(EMPTY);
      setResult({
        kind: 'success',
        text: `${user.first_name} ${user.last_name} can now sign in as ${user.role === 'admin' ? 'an administrator' : 'a greeter'}.`,
      });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setResult({ kind: 'error', text: errorMessage(err, 'Failed to add user. Please try again.') });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-user-title">
      <h2 id="add-user-title">Add User</h2>
      {result && <Alert kind={result.kind}>{result.text}</Alert>}
      <div className="form-grid">
        <TextField
          label="First Name"
          name="first_name"
          autoComplete="off"
          value={values.first_name}
          onChange={set('first_name')}
          error={errors.first_name}
          required
        />
        <TextField
          label="Last Name"
          name="last_name"
          autoComplete="off"
          value={values.last_name}
          onChange={set('last_name')}
          error={errors.last_name}
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <SelectField
          label="Role"
          name="role"
          value={values.role}
          onChange={set('role')}
          options={ROLE_OPTIONS}
          error={errors.role}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint="At least 6 characters. Share it with the person; they can change it on their Profile."
          required
        />
      </div>
      <Button type="submit" busy={create.isPending} busyText="Adding...">
        Add User
      </Button>
    </form>
  );
}
