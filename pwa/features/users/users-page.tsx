/**
 * /admin/users (admins): the staff accounts, adding greeters and admins, disabling/enabling with a
 * confirmation (disabling signs the person out at once), changing a role in a dialog (a screen no longer
 * allowed follows at its next sync, one newly allowed at the next sign-in or reload), and resetting a password.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { SelectField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { OFFLINE_REASON, useOnline } from '../../lib/use-online';
import { formatDate } from '../../lib/format';
import type { User } from '../../../shared/schemas/auth';
import { useAuth } from '../../app/auth-context';
import { AddUserForm } from './add-user-form';
import { ResetPasswordDialog } from './reset-password-dialog';
import { useUpdateUser, useUsers } from './api/users-api';
import { ROLE_LABELS, ROLE_NOUNS, ROLES, type Role } from '../../../shared/constants';

export default function UsersPage() {
  const { user: me } = useAuth();
  const users = useUsers();
  const update = useUpdateUser();
  const [toggling, setToggling] = useState<User | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  /** a user whose role is being changed, with the role picked in the dialog */
  const [roleChange, setRoleChange] = useState<{ user: User; role: Role } | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** every change here needs the server: offline the buttons are disabled, and the banner says why */
  const online = useOnline();

  async function confirmToggle() {
    if (!toggling) return;
    setToggleError(null);
    try {
      const updated = await update.mutateAsync({ id: toggling.id, changes: { disabled: !toggling.disabled } });
      setNotice(`${updated.email} is now ${updated.disabled ? 'disabled' : 'enabled'}.`);
      setToggling(null);
    } catch (err) {
      setToggleError(errorMessage(err, 'Failed to update user. Please try again.'));
    }
  }

  async function confirmRole() {
    if (!roleChange) return;
    if (roleChange.role === roleChange.user.role) {
      setRoleChange(null);
      return;
    }
    setRoleError(null);
    try {
      const updated = await update.mutateAsync({ id: roleChange.user.id, changes: { role: roleChange.role } });
      setNotice(`${updated.email} is now ${ROLE_NOUNS[updated.role]}.`);
      setRoleChange(null);
    } catch (err) {
      setRoleError(errorMessage(err, 'Failed to update user. Please try again.'));
    }
  }

  return (
    <div className="page">
      <h1>Users</h1>
      <p className="lead">
        Staff who can sign in: administrators manage everything, greeters see flight arrivals only, check-in staff run the check-in desk.
      </p>
      {!online && <Alert kind="warning">{OFFLINE_REASON}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      <section className="card">
        <h2>Staff Accounts</h2>
        {users.isPending && (online ? <Spinner /> : <p className="muted">The staff accounts load once you are back online.</p>)}
        {users.isError && <Alert kind="error">{errorMessage(users.error, 'Failed to load users')}</Alert>}
        {users.data && (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((u) => (
                  <tr key={u.id} className={u.disabled ? 'row-muted' : undefined}>
                    <td>
                      {u.first_name} {u.last_name}
                      {u.id === me?.id && <span className="tag">You</span>}
                    </td>
                    <td>{u.email}</td>
                    <td>{ROLE_LABELS[u.role]}</td>
                    <td>
                      <span className={`badge ${u.disabled ? 'badge-grey' : 'badge-green'}`}>{u.disabled ? 'Disabled' : 'Active'}</span>
                    </td>
                    <td>{formatDate(u.created_at)}</td>
                    <td>
                      {/* the flex box inside the cell: a flex <td> leaves the table and its row misaligns */}
                      <div className="actions">
                        {u.id === me?.id ? (
                          // resetting your own password here would end this session too: use Profile
                          <Link to="/admin/profile">Change on Profile</Link>
                        ) : (
                          <Button
                            variant="secondary"
                            onClick={() => setResetting(u)}
                            disabled={!online}
                            aria-label={`Reset password for ${u.email}`}
                          >
                            Reset Password
                          </Button>
                        )}
                        {/* your own role is not changed here (the server refuses an admin's own demotion) */}
                        {u.id !== me?.id && (
                          <Button
                            variant="secondary"
                            onClick={() => {
                              setRoleError(null);
                              setRoleChange({ user: u, role: u.role });
                            }}
                            disabled={!online}
                          >
                            Change Role<span className="visually-hidden"> for {u.email}</span>
                          </Button>
                        )}
                        {u.id !== me?.id && (
                          <Button
                            variant={u.disabled ? 'secondary' : 'danger'}
                            onClick={() => {
                              setToggleError(null);
                              setToggling(u);
                            }}
                            disabled={!online}
                            aria-label={`${u.disabled ? 'Enable' : 'Disable'} ${u.email}`}
                          >
                            {u.disabled ? 'Enable' : 'Disable'}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card">
        <AddUserForm online={online} />
      </section>
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.disabled ? 'Enable User' : 'Disable User'}
        message={
          toggling?.disabled
            ? `Allow ${toggling.email} to sign in again?`
            : `Disable ${toggling?.email}? They are signed out at once and cannot sign in until enabled again.`
        }
        confirmLabel={toggling?.disabled ? 'Enable' : 'Disable'}
        busyLabel="Saving..."
        danger={!toggling?.disabled}
        busy={update.isPending}
        error={toggleError}
        disabledReason={online ? undefined : OFFLINE_REASON}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
      <ConfirmDialog
        open={roleChange !== null}
        title="Change Role"
        message={
          roleChange && (
            <>
              <p>
                What {roleChange.user.first_name} {roleChange.user.last_name} ({roleChange.user.email}) may do, now{' '}
                {ROLE_NOUNS[roleChange.user.role]}. They stay signed in; a screen of theirs that is no longer allowed follows at its next
                sync, one newly allowed at their next sign-in or reload.
              </p>
              <SelectField
                label="New Role"
                name="role"
                value={roleChange.role}
                onChange={(e) => {
                  setRoleError(null);
                  setRoleChange({ ...roleChange, role: e.target.value as Role });
                }}
                disabled={update.isPending}
                options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              />
            </>
          )
        }
        confirmLabel="Change Role"
        busyLabel="Saving..."
        busy={update.isPending}
        error={roleError}
        disabledReason={online ? undefined : OFFLINE_REASON}
        onConfirm={confirmRole}
        onCancel={() => setRoleChange(null)}
      />
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onDone={(u) => {
          setResetting(null);
          setNotice(`The password for ${u.email} was reset.`);
        }}
      />
    </div>
  );
}
