/**
 * 'Record Payment' (docs/architecture.md: admins record payments and refunds, each one a row): amount, method and
 * note; 'This is a refund' sends the amount as negative. Checked with the server's schema.
 */
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CheckboxField, SelectField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors, validateForm, type FieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { PAYMENT_METHODS, paymentCreateSchema } from '../../../../shared/schemas/registration';
import { useRecordPayment } from '../api/record-payment';

const METHOD_LABELS: Record<string, string> = { cash: 'Cash', check: 'Check', card: 'Card', zelle: 'Zelle', other: 'Other' };
export const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] ?? m }));

/** 'check' → 'Check'; free text from older rows is shown as written. */
export const methodLabel = (method: string) => METHOD_LABELS[method] ?? method;

const EMPTY = { amount: '', method: '', note: '', refund: false };

export function RecordPaymentForm({ registrationId, disabled }: { registrationId: number; disabled?: boolean }) {
  const record = useRecordPayment();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const trimmed = values.amount.trim().replace(/^\$/, '');
    // the Refund box turns a typed amount into a negative one; a typed minus sign works too
    const amount = values.refund && trimmed && !trimmed.startsWith('-') ? `-${trimmed}` : trimmed;
    const checked = validateForm(paymentCreateSchema, { amount, method: values.method, note: values.note });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      const { payment } = await record.mutateAsync({ registrationId, body: checked.data });
      setValues(EMPTY);
      setResult({
        kind: 'success',
        text:
          payment.amount < 0
            ? `Refund of ${formatMoney(-payment.amount)} recorded.`
            : `Payment of ${formatMoney(payment.amount)} recorded.`,
      });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setResult({ kind: 'error', text: errorMessage(err, 'Failed to record payment') });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="record-payment-title" className="record-payment">
      <h3 id="record-payment-title">Record Payment</h3>
      {result && <Alert kind={result.kind}>{result.text}</Alert>}
      <fieldset disabled={disabled} className="plain-fieldset">
        <legend className="visually-hidden">Payment details</legend>
        <div className="form-grid">
          <TextField
            label="Amount ($)"
            name="amount"
            inputMode="decimal"
            value={values.amount}
            onChange={(e) => setValues((v) => ({ ...v, amount: e.target.value }))}
            error={errors.amount}
            required
          />
          <SelectField
            label="Method"
            name="method"
            value={values.method}
            onChange={(e) => setValues((v) => ({ ...v, method: e.target.value }))}
            options={METHOD_OPTIONS}
            placeholder="Select method"
            error={errors.method}
            required
          />
          <TextField
            label="Note"
            name="note"
            value={values.note}
            onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
            error={errors.note}
          />
        </div>
        <CheckboxField
          label="This is a refund"
          name="refund"
          checked={values.refund}
          onChange={(e) => setValues((v) => ({ ...v, refund: e.target.checked }))}
        />
        <Button type="submit" busy={record.isPending} busyText="Recording...">
          Record Payment
        </Button>
      </fieldset>
    </form>
  );
}
