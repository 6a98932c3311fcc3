/**
 * The admin's buttons on a registration (docs/product.md#screens): in edit mode Cancel and Save Changes;
 * otherwise Request Flight Info (confirm 'Send flight info request email to {email}?'; off on a cancelled
 * registration), and Cancel
 * Registration (a reason by prompt; an empty one does nothing; a registration holding money then offers
 * the refund step, refund-step.tsx) or, when cancelled, Reactivate Registration (confirm 'Are you sure
 * you want to reactivate this registration?'). A pending or waitlisted registration also has Confirm
 * Registration, which makes it active (the desk asks an organiser before checking such a family in).
 */
import { useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import type { Registration } from '../../../../shared/schemas/registration';
import { useCancelRegistration } from '../api/cancel-registration';
import { useReactivateRegistration } from '../api/reactivate-registration';
import { useConfirmRegistration } from '../api/confirm-registration';
import { useRequestFlightInfo } from '../api/request-flight-info';
import { RefundStep } from './refund-step';
import type { RegistrationEditor } from '../hooks/use-registration-editor';
import type { Notice } from '../hooks/use-notice';
import { refundOwed } from '../../../lib/format';

const CANCELLED_NO_REQUEST = 'A cancelled registration is not sent flight info requests. Reactivate it first.';

export interface AdminActionsProps {
  registration: Registration;
  editor: RegistrationEditor;
  /** why the buttons are off right now (offline), or undefined */
  disabledReason?: string;
  notify: (kind: Notice['kind'], text: string) => void;
  /** takes the page's last sentence away once it no longer holds (money "still held" after a reactivation) */
  clearNotice: () => void;
  /** a sentence on the page only, with no pop-up (for what the spec gives no alert) */
  say: (kind: Notice['kind'], text: string) => void;
}

export function AdminActions({ registration: r, editor, disabledReason, notify, clearNotice, say }: AdminActionsProps) {
  const flightInfo = useRequestFlightInfo();
  const cancel = useCancelRegistration();
  const reactivate = useReactivateRegistration();
  const confirm = useConfirmRegistration();
  /** the refund step is open: it shows what the registration holds now (a desk's payment may land meanwhile) */
  const [refunding, setRefunding] = useState(false);
  const held = refundOwed(r);
  // nothing held any more (refunded under Payments, or by another admin): the step is done, not shown again by a later payment
  if (refunding && r.status === 'cancelled' && held <= 0) setRefunding(false);
  const group = useRef<HTMLDivElement>(null);
  /** off, with the reason as the tooltip, while offline */
  const offline = { disabled: !!disabledReason, title: disabledReason };

  if (editor.editing) {
    return (
      // keyed apart from the actions below: React would otherwise reuse Save Changes as Cancel Registration
      <div key="edit" className="actions admin-actions" role="group" aria-label="Edit actions">
        <Button variant="secondary" onClick={editor.cancel} disabled={editor.saving}>
          Cancel
        </Button>
        <Button onClick={() => void editor.save()} busy={editor.saving} busyText="Saving..." {...offline}>
          Save Changes
        </Button>
      </div>
    );
  }

  function onRequestFlightInfo() {
    if (!window.confirm(`Send flight info request email to ${r.primary_email}?`)) return;
    flightInfo.mutate(r.id, {
      onSuccess: () => notify('success', 'Flight info request sent successfully!'),
      onError: (e) => notify('error', errorMessage(e, 'Failed to send flight info request')),
    });
  }

  function onCancel() {
    const reason = window.prompt('Please provide a reason for cancellation:');
    if (!reason || !reason.trim()) return; // an empty reason does nothing
    cancel.mutate(
      { id: r.id, reason: reason.trim() },
      {
        onSuccess: ({ registration }) => {
          clearNotice(); // a failed try's error does not stay under a cancellation that went through
          if (refundOwed(registration) > 0) setRefunding(true);
        },
        onError: (e) => notify('error', errorMessage(e, 'Failed to cancel registration')),
      },
    );
  }

  function onReactivate() {
    if (!window.confirm('Are you sure you want to reactivate this registration?')) return;
    reactivate.mutate(r.id, {
      onSuccess: () => {
        setRefunding(false); // reactivated while the refund step was open: it is not asked again later
        clearNotice();
      },
      onError: (e) => notify('error', errorMessage(e, 'Failed to reactivate registration')),
    });
  }

  function onConfirm() {
    confirm.mutate(r.id, {
      onSuccess: () => {
        say('success', 'Registration confirmed: the family can be checked in.');
        // the pressed button is gone: focus stays in the actions rather than falling to the page's top
        requestAnimationFrame(() =>
          [...(group.current?.querySelectorAll('button') ?? [])]
            .find((b) => !b.disabled && b.textContent !== 'Confirm Registration')
            ?.focus(),
        );
      },
      onError: (e) => notify('error', errorMessage(e, 'Failed to confirm registration')),
    });
  }

  return (
    <>
      <div key="actions" ref={group} className="actions admin-actions" role="group" aria-label="Registration actions">
        {/* a pending or waitlisted family the desk was told to ask about: the organiser's answer */}
        {(r.status === 'pending' || r.status === 'waitlist') && (
          <Button onClick={onConfirm} busy={confirm.isPending} busyText="Confirming..." {...offline}>
            Confirm Registration
          </Button>
        )}
        {/* shown on a cancelled registration too, but off: its guest could do nothing with the link */}
        <Button
          variant="secondary"
          onClick={onRequestFlightInfo}
          busy={flightInfo.isPending}
          busyText="Sending..."
          {...(r.status === 'cancelled' ? { disabled: true, title: CANCELLED_NO_REQUEST } : offline)}
        >
          Request Flight Info
        </Button>
        {r.status === 'cancelled' ? (
          <Button onClick={onReactivate} busy={reactivate.isPending} busyText="Reactivating..." {...offline}>
            Reactivate Registration
          </Button>
        ) : (
          <Button variant="danger" onClick={onCancel} busy={cancel.isPending} busyText="Cancelling..." {...offline}>
            Cancel Registration
          </Button>
        )}
      </div>
      {refunding && r.status === 'cancelled' && held > 0 && (
        <RefundStep
          registrationId={r.id}
          paid={held}
          onDone={(kind, text) => {
            setRefunding(false);
            notify(kind, text);
          }}
        />
      )}
    </>
  );
}
