/**
 * Contact and address (docs/product.md#screens): shown, or in edit mode the same inputs as the create forms. An empty
 * address reads 'No address on file'. Greeters get no street address from the server, only the city.
 */
import type { Registration } from '../../../../shared/schemas/registration';
import type { RegistrationEditor } from '../hooks/use-registration-editor';
import { AddressFields, ContactFields, EmergencyContactFields, NotesField, RequestsFields } from './contact-fields';
import { Detail, DetailList } from './detail-list';
import { emailInUseText, useEmailInUse } from '../api/email-in-use';

export function addressLines(r: Registration): string[] {
  const cityLine = [[r.city, r.state].filter(Boolean).join(', '), r.zip_code].filter(Boolean).join(' ');
  const lines = [r.address_line1, r.address_line2, cityLine].filter((l): l is string => !!l && l.trim() !== '');
  const country = r.country?.trim();
  // the default country alone is no address; another one alone still says where the family comes from
  return country && (lines.length || country.toUpperCase() !== 'USA') ? [...lines, country] : lines;
}

export function ContactBlock({ registration: r, editor }: { registration: Registration; editor?: RegistrationEditor }) {
  const editing = editor?.editing;
  const lines = addressLines(r);
  const onChange = (name: string, value: string) => editor?.setText(name, value);
  // another family's email typed here would hand them this registration at their next code (docs/decisions.md)
  const inUse = useEmailInUse(editing && editor ? editor.values.primary_email : '').filter((other) => other.id !== r.id);
  return (
    <>
      <section className="card" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact Information</h2>
        {editing && editor ? (
          <>
            <ContactFields
              values={editor.values}
              errors={editor.errors}
              onChange={onChange}
              disabled={editor.saving}
              emailHint={emailInUseText(inUse)}
            />
            <EmergencyContactFields values={editor.values} errors={editor.errors} onChange={onChange} disabled={editor.saving} />
          </>
        ) : (
          <DetailList>
            <Detail label="Name">
              {r.primary_first_name} {r.primary_last_name}
            </Detail>
            <Detail label="Email" wide>
              <a href={`mailto:${r.primary_email}`}>{r.primary_email}</a>
            </Detail>
            <Detail label="Phone">{r.primary_phone ? <a href={`tel:${r.primary_phone}`}>{r.primary_phone}</a> : null}</Detail>
            {(r.emergency_contact_name || r.emergency_contact_phone) && (
              <Detail label="Emergency Contact">{[r.emergency_contact_name, r.emergency_contact_phone].filter(Boolean).join(' · ')}</Detail>
            )}
          </DetailList>
        )}
      </section>
      <section className="card" aria-labelledby="address-title">
        <h2 id="address-title">Address</h2>
        {editing && editor ? (
          <AddressFields values={editor.values} errors={editor.errors} onChange={onChange} disabled={editor.saving} />
        ) : lines.length ? (
          <address className="address">
            {lines.map((l, i) => (
              <span key={i}>
                {l}
                <br />
              </span>
            ))}
          </address>
        ) : (
          <p className="note">No address on file</p>
        )}
      </section>
    </>
  );
}

/** Special requests, dietary restrictions and the office's notes; in edit mode their boxes. */
export function RequestsBlock({ registration: r, editor }: { registration: Registration; editor?: RegistrationEditor }) {
  if (editor?.editing) {
    const onChange = (name: string, value: string) => editor.setText(name, value);
    return (
      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title">Special Requests &amp; Dietary Restrictions</h2>
        <RequestsFields values={editor.values} errors={editor.errors} onChange={onChange} disabled={editor.saving} />
        <NotesField values={editor.values} errors={editor.errors} onChange={onChange} disabled={editor.saving} />
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="requests-title">
      <h2 id="requests-title">Special Requests &amp; Dietary Restrictions</h2>
      {/* typed text keeps its line breaks */}
      <div className="keep-lines">
        <DetailList>
          {/* a row only for what this reader is given (a greeter is not given the family's dietary note) */}
          {r.special_requests !== undefined && <Detail label="Special Requests">{r.special_requests}</Detail>}
          {r.dietary_restrictions !== undefined && <Detail label="Dietary Restrictions">{r.dietary_restrictions}</Detail>}
          {r.notes && <Detail label="Notes">{r.notes}</Detail>}
        </DetailList>
      </div>
    </section>
  );
}
