/**
 * Fee adjustments in edit mode (docs/product.md#registration-detail; the total in docs/product.md#rules): waive all fees (hides and
 * zeroes the discounts), a percentage 0-100 and a fixed amount ≥ 0 (step 0.01), removing the late fee
 * when one applies, and the live preview: 'New Total' and, below what was paid, 'Refund Due'.
 */
import { CheckboxField } from '../../../components/form-field';
import { NumberField } from '../../../components/typed-field';
import { formatMoney } from '../../../lib/format';
import { fromCents } from '../../../../shared/pricing';
import type { Registration } from '../../../../shared/schemas/registration';
import type { RegistrationEditor } from '../hooks/use-registration-editor';

export function FeeEditor({ registration: r, editor }: { registration: Registration; editor: RegistrationEditor }) {
  const { values, errors, preview, saving } = editor;
  return (
    <section className="card fee-editor" aria-labelledby="fees-title">
      <h2 id="fees-title">Fee Adjustments</h2>
      <CheckboxField
        label="Waive all fees"
        name="waive_fees"
        checked={values.waive_fees}
        onChange={(e) => editor.set('waive_fees', e.target.checked)}
        error={errors.waive_fees}
        disabled={saving}
      />
      {!values.waive_fees && (
        <div className="form-grid">
          <NumberField
            label="Discount Percentage (%)"
            name="discount_percentage"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={values.discount_percentage}
            onChange={(e) => editor.setText('discount_percentage', e.target.value)}
            error={errors.discount_percentage}
            disabled={saving}
          />
          <NumberField
            label="Fixed Discount Amount ($)"
            name="fixed_discount_amount"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.fixed_discount_amount}
            onChange={(e) => editor.setText('fixed_discount_amount', e.target.value)}
            error={errors.fixed_discount_amount}
            disabled={saving}
          />
        </div>
      )}
      {r.late_fee_applied && (
        <CheckboxField
          label="Remove late fee"
          name="remove_late_fee"
          checked={values.remove_late_fee}
          onChange={(e) => editor.set('remove_late_fee', e.target.checked)}
          error={errors.remove_late_fee}
          disabled={saving}
        />
      )}
      <dl className="fee-preview" aria-live="polite">
        <div>
          <dt>Current Total</dt>
          <dd>{formatMoney(fromCents(preview.currentTotalCents))}</dd>
        </div>
        <div className="fee-preview-new">
          <dt>New Total</dt>
          {/* a discount that could not be saved gives no total: its message says why on Save */}
          <dd>{preview.valid ? formatMoney(fromCents(preview.newTotalCents)) : '—'}</dd>
        </div>
        <div>
          <dt>Amount Paid</dt>
          <dd>{formatMoney(fromCents(preview.paidCents))}</dd>
        </div>
        {preview.valid && preview.refundDueCents > 0 && (
          <div className="fee-preview-refund">
            <dt>Refund Due</dt>
            <dd>{formatMoney(fromCents(preview.refundDueCents))}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
