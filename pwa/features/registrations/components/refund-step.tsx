/**
 * The refund step after cancelling a registration that holds money: the amount paid, prefilled, the
 * method and a note ("Refund on cancellation"), recorded as a refund in the ledger; or "Not now", which
 * says plainly that the money is still held. It also says what the registrant is told: nothing is
 * emailed, and their verification on this site ends. A card under the page's actions, not a dialog: the
 * cancel is done, the page stays usable (Reactivate Registration included), and the refund can wait.
 */
import { Button } from '../../../components/button';
import { useEffect, useRef } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { formatMoney } from '../../../../shared/pricing';
import { amountError, typedCents } from '../../../lib/amount';
import { useForm } from '../../../lib/use-form';
import { useRecordPayment } from '../api/record-payment';
import { METHOD_OPTIONS } from './record-payment-form';

export interface RefundStepProps {
  registrationId: number;
  /** what the registration holds now: it follows a payment recorded meanwhile (a desk's, synced late) */
  paid: number;
  onDone: (kind: 'success' | 'info', text: string) => void;
}

export function RefundStep({ registrationId, paid, onDone }: RefundStepProps) {
  const title = useRef<HTMLHeadingElement>(null);
  // the keyboard goes where the next step is
  useEffect(() => title.current?.focus(), []);
  const form = useForm({ amount: paid.toFixed(2), method: 'check', note: 'Refund on cancellation' });
  const record = useRecordPayment();
  // what is held changed while the step was open: the amount follows it, unless the admin typed another
  const prefilled = useRef(paid);
  const { set, values } = form;
  useEffect(() => {
    if (paid === prefilled.current) return;
    if (values.amount.trim() === prefilled.current.toFixed(2)) set('amount', paid.toFixed(2));
    prefilled.current = paid;
  }, [paid, values.amount, set]);

  function notNow() {
    onDone('info', `${formatMoney(paid)} is still held for this registration. Record the refund under Payments when it is paid back.`);
  }

  // no shared schema: the amount is checked against what was paid; a refusal's sentence shows under it too
  const submit = form.submit({
    extra: ({ amount }) => {
      const problem = amountError(amount.trim(), paid, {
        invalid: 'Enter the amount refunded, like 120 or 120.50',
        over: (limit) => `A refund cannot be more than the amount paid (${limit})`,
      });
      return problem ? { amount: problem } : undefined;
    },
    send: async (_, { amount, method, note }) => {
      const cents = typedCents(amount)!; // checked by `extra`
      await record.mutateAsync({ registrationId, body: { amount: -cents / 100, method, note: note.trim() || null } });
      onDone('success', `Refund of ${formatMoney(cents / 100)} recorded.`);
    },
    after: 'keep',
    fallback: 'Failed to record the refund',
    fields: (_, text) => ({ amount: text }),
  });

  return (
    <section className="card refund-step" aria-labelledby="refund-title">
      <h2 id="refund-title" ref={title} tabIndex={-1}>
        Refund the payment?
      </h2>
      <form onSubmit={submit} noValidate>
        <p>
          {formatMoney(paid)} has been paid on this registration. Record the refund now, or choose Not now and the money stays recorded as
          held.
        </p>
        <p className="note">
          The registrant is not emailed about the cancellation, and their verification on this site ends: tell them yourself.
        </p>
        <TextField label="Refund Amount ($)" {...form.field('amount')} inputMode="decimal" />
        <SelectField label="Refund Method" {...form.field('method')} options={METHOD_OPTIONS} />
        <TextField label="Refund Note" {...form.field('note')} />
        <div className="actions">
          <Button variant="secondary" onClick={notNow} disabled={form.busy}>
            Not now
          </Button>
          <Button type="submit" busy={form.busy} busyText="Recording...">
            Record refund
          </Button>
        </div>
      </form>
    </section>
  );
}
