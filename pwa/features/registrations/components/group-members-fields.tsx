/**
 * The Group Members rows of both create forms (docs/product.md#screens): first name, last name and age
 * category each required; new rows default to adult; add and remove rows. The primary contact is the
 * first attendee, so at most MAX_ATTENDEES − 1 rows can be added. Each row is a fieldset named
 * 'Group Member n', so its inputs have unambiguous accessible names.
 */
import { useAgeCategoryOptions } from '../../../lib/public-config';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/form-field';
import type { FieldErrors } from '../../../lib/form-errors';
import { MAX_ATTENDEES, type AgeCategory } from '../../../../shared/constants';

export interface MemberRow {
  /** a local key so React keeps each row's inputs when one above is removed */
  key: string;
  first_name: string;
  last_name: string;
  age_category: AgeCategory | '';
}

let counter = 0;
export const newMemberRow = (): MemberRow => ({ key: `m${++counter}`, first_name: '', last_name: '', age_category: 'adult' });

export const MAX_MEMBERS = MAX_ATTENDEES - 1;

export interface GroupMembersFieldsProps {
  rows: MemberRow[];
  /** errors keyed like the request body: 'attendees.0.first_name' */
  errors: FieldErrors;
  onChange: (rows: MemberRow[]) => void;
}

export function GroupMembersFields({ rows, errors, onChange }: GroupMembersFieldsProps) {
  const ageOptions = useAgeCategoryOptions();
  const update = (i: number, name: keyof Omit<MemberRow, 'key'>, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [name]: value } : r)));
  const full = rows.length >= MAX_MEMBERS;
  return (
    <div className="group-members">
      {rows.length === 0 && <p className="note">Only the primary contact is attending. Add anyone coming with them.</p>}
      {rows.map((row, i) => {
        const err = (name: string) => errors[`attendees.${i}.${name}`];
        return (
          <fieldset key={row.key} className="member-row">
            <legend>Group Member {i + 1}</legend>
            <div className="form-grid">
              <TextField
                label="First Name"
                name={`attendees.${i}.first_name`}
                value={row.first_name}
                onChange={(e) => update(i, 'first_name', e.target.value)}
                error={err('first_name')}
                required
              />
              <TextField
                label="Last Name"
                name={`attendees.${i}.last_name`}
                value={row.last_name}
                onChange={(e) => update(i, 'last_name', e.target.value)}
                error={err('last_name')}
                required
              />
              <SelectField
                label="Age Category"
                name={`attendees.${i}.age_category`}
                value={row.age_category}
                onChange={(e) => update(i, 'age_category', e.target.value)}
                options={ageOptions}
                error={err('age_category')}
                required
              />
            </div>
            <Button
              variant="ghost"
              className="btn-small"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
              aria-label={`Remove Group Member ${i + 1}`}
            >
              Remove
            </Button>
          </fieldset>
        );
      })}
      <Button variant="secondary" onClick={() => onChange([...rows, newMemberRow()])} disabled={full}>
        Add Group Member
      </Button>
      {full && <p className="note">A registration can have at most {MAX_ATTENDEES} attendees, including the primary contact.</p>}
    </div>
  );
}

/** The Group Members section of a create form: the rows, and the server's sentence for the list as a whole. */
export function GroupMembersSection({
  legend = 'Group Members',
  disabled,
  ...props
}: GroupMembersFieldsProps & { legend?: string; disabled: boolean }) {
  return (
    <fieldset className="card form-section" disabled={disabled}>
      <legend>{legend}</legend>
      <GroupMembersFields {...props} />
      {props.errors.attendees && (
        <p className="field-error" role="alert">
          {props.errors.attendees}
        </p>
      )}
    </fieldset>
  );
}

/** The request body's `attendees` from the rows (their local keys dropped). */
export const membersToAttendees = (rows: MemberRow[]) => rows.map(({ key: _key, ...m }) => m);
