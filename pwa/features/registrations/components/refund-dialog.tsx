/**
 * The refund step after cancelling a registration that holds money: the amount paid, prefilled, the
 * method and a note ("Refund on cancellation"), recorded as a refund in the ledger; or "Not now", which
 * says plainly that the money is still held. It also says what the registrant is told: nothing is
 * emailed, and their verification on this site ends.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney, toCents } from '../../../../shared/pricing';
import { amountError } from '../../../lib/amount';
import { useRecordPayment } from '../api/record-payment';
import { METHOD_OPTIONS } from './record-payment-form';

export interface RefundDialogProps {
  registrationId: number;
  paid: number;
  onDone: (kind: 'success' | 'info', text: string) => void;
}

export function RefundDialog({ registrationId, paid, onDone }: RefundDialogProps) {
  const [amount, setAmount] = useState(paid.toFixed(2));
  const [method, setMethod] = useState<string>('check');
  const [note, setNote] = useState('Refund on cancellation');
  const [error, setError] = useState<string | null>(null);
  const record = useRecordPayment();

  function notNow() {
    onDone(
      'info',
      `${formatMoney(paid)} is still held for this cancelled registration. Record the refund under Payments when it is paid back.`,
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = amount.trim();
    const problem = amountError(t, paid, {
      invalid: 'Enter the amount refunded, like 120 or 120.50',
      over: (limit) => `A refund cannot be more than the amount paid (${limit})`,
    });
    setError(problem);
    if (problem) return;
    try {
      await record.mutateAsync({ registrationId, body: { amount: -toCents(t) / 100, method, note: note.trim() || null } });
      onDone('success', `Refund of ${formatMoney(toCents(t) / 100)} recorded.`);
    } catch (err) {
      setError(errorMessage(err, 'Failed to record the refund'));
    }
  }

  return (
    <Dialog
      open
      title="Refund the payment?"
      onClose={notNow}
      footer={
        <>
          <Button variant="secondary" onClick={notNow} disabled={record.isPending}>
            Not now
          </Button>
          <Button type="submit" form="refund-form" busy={record.isPending} busyText="Recording...">
            Record refund
          </Button>
        </>
      }
    >
      <form id="refund-form" onSubmit={submit} noValidate className="dialog-form">
        <p>
          The registration is cancelled and {formatMoney(paid)} has been paid. Record the refund now, or choose Not now and the money stays
          recorded as held.
        </p>
        <p className="note">
          The registrant is not emailed about the cancellation, and their verification on this site ends: tell them yourself.
        </p>
        <TextField
          label="Refund Amount ($)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error ?? undefined}
        />
        <SelectField label="Refund Method" value={method} onChange={(e) => setMethod(e.target.value)} options={METHOD_OPTIONS} />
        <TextField label="Refund Note" value={note} onChange={(e) => setNote(e.target.value)} />
      </form>
    </Dialog>
  );
}
