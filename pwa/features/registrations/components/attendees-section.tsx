/**
 * Attendees (n/9) (docs/product.md#registration-detail): each attendee with category, relationship, age, gender,
 * dietary needs and cultural programs. Admins may add one while the registration is active and has
 * fewer than 9, correct anyone (Edit, the primary contact included) and remove anyone but the primary
 * contact on an active registration, after 'Are you sure you want to remove this attendee?'.
 */
import { useAgeLabels } from '../../../lib/public-config';
import { useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { MAX_ATTENDEES } from '../../../../shared/constants';
import type { Attendee } from '../../../../shared/schemas/attendee';
import type { Registration } from '../../../../shared/schemas/registration';
import { useRemoveAttendee } from '../api/remove-attendee';
import { AddAttendeeDialog } from './add-attendee-dialog';

const RELATIONSHIP_LABELS: Record<string, string> = {
  self: 'Primary contact',
  spouse: 'Spouse',
  child: 'Child',
  parent: 'Parent',
  sibling: 'Sibling',
};

const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other', prefer_not_to_say: 'Prefer not to say' };

function relationshipText(a: Attendee): string | null {
  if (a.relationship === 'other') return a.relationship_other || 'Other';
  return a.relationship ? (RELATIONSHIP_LABELS[a.relationship] ?? a.relationship) : null;
}

export interface AttendeesSectionProps {
  registration: Registration;
  attendees: Attendee[];
  /** admin controls (add, remove) */
  canManage: boolean;
  /** why the controls are off right now (offline), or undefined */
  disabledReason?: string;
  onFailure: (text: string) => void;
}

export function AttendeesSection({ registration: r, attendees, canManage, disabledReason, onFailure }: AttendeesSectionProps) {
  const ageLabels = useAgeLabels();
  const [adding, setAdding] = useState(false);
  /** the attendee being corrected, as clicked; the dialog follows the saved one as it changes */
  const [editing, setEditing] = useState<Attendee | null>(null);
  const editingNow = editing && attendees.find((a) => a.id === editing.id);
  /** what the last add, change or removal did: said on the page and to a screen reader */
  const [said, setSaid] = useState('');
  // removed on another device while its dialog was open: the dialog closes and says so
  if (editing && !editingNow) {
    setEditing(null);
    setSaid(`${editing.first_name} ${editing.last_name} was removed on another device.`);
  }
  const remove = useRemoveAttendee();
  const heading = useRef<HTMLHeadingElement>(null);
  const active = r.status === 'active';
  const canAdd = canManage && active && attendees.length < MAX_ATTENDEES;
  const canRemove = canManage && active;

  function onRemove(a: Attendee) {
    if (!window.confirm('Are you sure you want to remove this attendee?')) return;
    // each removal says its own failure: a second one started meanwhile would take over mutate()'s callbacks
    remove
      .mutateAsync({ registrationId: r.id, attendeeId: a.id })
      .then(() => setSaid('Attendee removed.'))
      .then(() =>
        // the pressed button went with its row: the keyboard lands on the count it changed, not the page's top
        requestAnimationFrame(() => {
          if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
        }),
      )
      .catch((e: unknown) => onFailure(errorMessage(e, 'Failed to remove attendee')));
  }

  return (
    <section className="card" aria-labelledby="attendees-title">
      <div className="section-header">
        <h2 id="attendees-title" ref={heading} tabIndex={-1}>
          Attendees ({attendees.length}/{MAX_ATTENDEES})
        </h2>
        {canAdd && (
          <Button variant="secondary" onClick={() => setAdding(true)} disabled={!!disabledReason} title={disabledReason}>
            Add Attendee
          </Button>
        )}
      </div>
      {canManage && !active && <p className="note">Attendees can only be changed on an active registration.</p>}
      {canManage && active && attendees.length >= MAX_ATTENDEES && (
        <p className="note">This registration has the maximum of {MAX_ATTENDEES} attendees.</p>
      )}
      {/* in the page from the start, so the sentence put in it is announced */}
      <p role="status" className="note attendee-said">
        {said}
      </p>
      <ul className="attendee-list">
        {attendees.map((a) => {
          const relationship = relationshipText(a);
          const facts = [
            ageLabels[a.age_category],
            // "Adult (19+) · Child" read as a contradiction: the relationship says what it is
            relationship && (a.is_primary ? relationship : `Relationship: ${relationship}`),
            a.age != null ? `Age ${a.age}` : null,
            a.gender ? GENDER_LABELS[a.gender] : null,
          ].filter(Boolean);
          return (
            <li key={a.id} className="attendee">
              <div className="attendee-main">
                <p className="attendee-name">
                  {a.first_name} {a.last_name}
                  {a.is_primary && <span className="tag">Primary</span>}
                </p>
                <p className="cell-sub">{facts.join(' · ')}</p>
                {a.dietary_restrictions && <p className="cell-sub">Dietary: {a.dietary_restrictions}</p>}
                {a.cultural_programs?.length > 0 && (
                  <p className="cell-sub">Cultural programs: {a.cultural_programs.map((p) => p.program_type).join(', ')}</p>
                )}
              </div>
              {canRemove && (
                <Button
                  variant="ghost"
                  className="btn-small"
                  onClick={() => setEditing(a)}
                  disabled={!!disabledReason}
                  // "Change", not "Edit": the header's pencil is the page's one Edit button, for anyone finding it by name
                  aria-label={`Change ${a.first_name} ${a.last_name}`}
                >
                  Change
                </Button>
              )}
              {canRemove && !a.is_primary && (
                <Button
                  variant="ghost"
                  className="btn-small"
                  onClick={() => onRemove(a)}
                  disabled={!!disabledReason || (remove.isPending && remove.variables?.attendeeId === a.id)}
                  aria-label={`Remove ${a.first_name} ${a.last_name}`}
                >
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {/* open, it stays while the admin types, even if another device cancels the registration or
          fills it meanwhile: nothing typed is lost unseen, and Add Attendee says the server's answer */}
      {(canAdd || adding) && (
        <AddAttendeeDialog open={adding} registrationId={r.id} onClose={() => setAdding(false)} onDone={setSaid} onFailure={onFailure} />
      )}
      {editingNow && (
        <AddAttendeeDialog
          key={editingNow.id}
          open
          registrationId={r.id}
          editing={editingNow}
          onClose={() => setEditing(null)}
          onDone={setSaid}
          onFailure={onFailure}
        />
      )}
    </section>
  );
}
