/** The visitor's email field: phone-friendly keyboard, no auto-capitalising, its error cleared on typing. */
import { TextField } from '../../../components/form-field';

export function VisitorEmailField(props: {
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Email Address"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      hint={props.hint}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
      autoFocus={props.autoFocus}
      required
    />
  );
}
