/**
 * 'Record Payment' (docs/product.md#registration-detail: admins record payments and refunds): amount, method and
 * note; 'This is a refund' sends the amount as negative. Checked with the server's schema.
 */
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CheckboxField, SelectField, TextField } from '../../../components/form-field';
import { formatMoney } from '../../../lib/format';
import { fromCents, toCents } from '../../../../shared/pricing';
import { typedCents } from '../../../lib/amount';
import { useForm } from '../../../lib/use-form';
import { PAYMENT_METHODS, paymentCreateSchema } from '../../../../shared/schemas/registration';
import { useRecordPayment } from '../api/record-payment';

const METHOD_LABELS: Record<string, string> = { cash: 'Cash', check: 'Check', card: 'Card', zelle: 'Zelle', other: 'Other' };
export const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] ?? m }));

/** 'check' → 'Check'; free text from older rows is shown as written. */
export const methodLabel = (method: string) => METHOD_LABELS[method] ?? method;

const EMPTY = { amount: '', method: '', note: '', refund: false };

/** Said under Amount while a minus sign is typed without the Refund box: the money goes out, so the admin sees it first. */
const MINUS_IS_REFUND = 'With its minus sign, this is recorded as a refund.';

/** The amount as typed, without spaces or a leading '$'. */
const typedAmount = (typed: string) => typed.trim().replace(/^\$/, '');

/** The warning under Amount when a payment is above what is still owed (a refund would then be due), or null. */
export function overpaymentText(typed: string, refund: boolean, balanceDue: number): string | null {
  // in whole cents, read as the money dialogs read a typed amount (pwa/lib/amount.ts)
  const cents = typedCents(typed);
  const owedCents = toCents(Math.max(balanceDue, 0));
  if (refund || cents === null || cents <= owedCents) return null;
  return `${formatMoney(fromCents(cents))} is more than the balance due (${formatMoney(fromCents(owedCents))}): ${formatMoney(fromCents(cents - owedCents))} would then be due back as a refund.`;
}

export function RecordPaymentForm({
  registrationId,
  balanceDue,
  disabled,
}: {
  registrationId: number;
  balanceDue: number;
  disabled?: boolean;
}) {
  const record = useRecordPayment();
  const form = useForm(EMPTY);
  const onSubmit = form.submit({
    schema: paymentCreateSchema,
    body: ({ amount: typed, method, note, refund }) => {
      const trimmed = typedAmount(typed);
      // the Refund box turns a typed amount into a negative one; a typed minus sign works too (said under Amount)
      const amount = refund && trimmed && !trimmed.startsWith('-') ? `-${trimmed}` : trimmed;
      return { amount, method, note };
    },
    send: async (data) => {
      const { payment } = await record.mutateAsync({ registrationId, body: data });
      return payment.amount < 0
        ? `Refund of ${formatMoney(-payment.amount)} recorded.`
        : `Payment of ${formatMoney(payment.amount)} recorded.`;
    },
    fallback: 'Failed to record payment',
  });
  const over = overpaymentText(form.values.amount, form.values.refund, balanceDue);
  const minus = !form.values.refund && typedAmount(form.values.amount).startsWith('-') ? MINUS_IS_REFUND : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="record-payment-title" className="record-payment">
      <h3 id="record-payment-title">Record Payment</h3>
      {form.result && <Alert kind={form.result.kind}>{form.result.text}</Alert>}
      <fieldset disabled={disabled} className="plain-fieldset">
        <legend className="visually-hidden">Payment details</legend>
        <div className="form-grid">
          <TextField label="Amount ($)" {...form.field('amount')} inputMode="decimal" required hint={over ?? minus ?? undefined} />
          <SelectField label="Method" {...form.field('method')} options={METHOD_OPTIONS} placeholder="Select method" required />
          <TextField label="Note" {...form.field('note')} />
        </div>
        <CheckboxField label="This is a refund" {...form.checkbox('refund')} />
        <Button type="submit" busy={form.busy} busyText="Recording...">
          Record Payment
        </Button>
      </fieldset>
    </form>
  );
}
