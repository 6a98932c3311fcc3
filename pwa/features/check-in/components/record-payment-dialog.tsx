/**
 * "Record payment" at the desk: the amount prefilled with the balance due, the method (cash, card,
 * check, other). Recorded on the device at once and sent when there is signal (pwa/offline/desk.ts).
 * The desk takes at most the balance due: more would be an overpayment only an admin can sort out.
 * Its state stays hand-written, off the form hook, to keep the desk's first visit small (docs/decisions.md "Forms").
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/form-field';
import { amountError, typedCents } from '../../../lib/amount';
import { formatMoney } from '../../../../shared/pricing';

export const DESK_PAYMENT_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'check', label: 'Check' },
  { value: 'other', label: 'Other' },
] as const;

/** The amount's error sentence, or null when it can be taken. */
export const deskAmountError = (text: string, balanceDue: number) =>
  amountError(text, balanceDue, {
    invalid: 'Enter an amount above $0.00, like 120 or 120.50',
    over: (limit) => `The amount is more than the balance due (${limit})`,
  });

/** Said in the dialog when the balance changed while it was open (another device's payment or a fee change, synced). */
export const changedText = (before: number, now: number) =>
  now <= 0
    ? `Nothing is due any more: the balance changed from ${formatMoney(before)} while this was open (a payment or a fee change from another device).`
    : `The balance changed from ${formatMoney(before)} to ${formatMoney(now)} while this was open (a payment or a fee change from another device).`;

/** Said in the dialog when an admin cancelled the registration while it was open (a sync). */
export const CANCELLED_WHILE_OPEN = 'This registration was cancelled while this was open: take no money. Send the family to an organiser.';

export function RecordPaymentDialog({
  open,
  balanceDue,
  family,
  cancelled = false,
  onClose,
  onRecord,
}: {
  open: boolean;
  balanceDue: number;
  family: string;
  /** cancelled since the dialog opened: nothing can be taken */
  cancelled?: boolean;
  onClose: () => void;
  onRecord: (amount: number, method: string) => Promise<void>;
}) {
  const [amount, setAmount] = useState(balanceDue.toFixed(2));
  const [method, setMethod] = useState('cash');
  const [error, setError] = useState<string | null>(null);
  const amountBox = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // the balance when the dialog opened: another device may take a payment while it is open (a sync)
  const opened = useRef(balanceDue);
  const shown = useRef(balanceDue);
  useEffect(() => {
    const before = shown.current;
    if (before === balanceDue) return;
    // an amount not typed over follows the new balance, so the one prefilled is never the old one
    setAmount((typed) => (typed === before.toFixed(2) ? balanceDue.toFixed(2) : typed));
    shown.current = balanceDue;
  }, [balanceDue]);
  const changed = balanceDue !== opened.current ? changedText(opened.current, balanceDue) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (cancelled) return; // the button is off; Enter in the box is no way round it
    const problem = deskAmountError(amount, balanceDue);
    setError(problem);
    // back on Amount, its text selected (pressed in the box, Enter leaves focus there): the next number typed replaces it
    if (problem) {
      amountBox.current?.focus();
      amountBox.current?.select();
      return;
    }
    setBusy(true);
    try {
      await onRecord(typedCents(amount)! / 100, method); // checked above
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} title={`Record payment: ${family}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>Balance due: {formatMoney(balanceDue)}</p>
        {cancelled ? <Alert kind="warning">{CANCELLED_WHILE_OPEN}</Alert> : changed && <Alert kind="warning">{changed}</Alert>}
        <TextField
          ref={amountBox}
          label="Amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          // the balance is prefilled: typing a part payment replaces it rather than adding to it
          onFocus={(e) => e.target.select()}
          error={error ?? undefined}
          required
        />
        <SelectField label="Method" value={method} onChange={(e) => setMethod(e.target.value)} options={DESK_PAYMENT_METHODS} required />
        <div className="actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyText="Recording..." disabled={cancelled}>
            Record payment
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
