/**
 * Labelled number, date and time boxes (TextField's type="number", "date", "time") that tell the form when
 * what is typed in them cannot be read: a number box holding '1-2' or 'e', a date box with its day or year
 * still blank, a time box without its minutes. The browser reports such a box as empty, which a form would
 * save as no value (a discount silently removed, a count saved as 0) or refuse as not filled in ("Flight
 * date is required" under a date half typed). Its onChange then gets UNREADABLE, which no number, date or
 * time check accepts, so the form says what is wrong under the box, and the box keeps showing what was typed.
 */
import { useEffect, type ComponentProps, type SyntheticEvent } from 'react';
import { TextField } from './form-field';

/** What the form holds for a box the browser cannot read: no number, date or time check accepts it. */
export const UNREADABLE = 'NaN';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'onChange'> & {
  onChange: (e: { target: { name: string; value: string } }) => void;
};

function TypedField({ type, onChange, value, ...props }: Props & { type: 'number' | 'date' | 'time' }) {
  const bad = value === UNREADABLE;
  // a box drawn anew (a draft restored after a reload, the discounts shown again) starts empty: the form
  // is told so, rather than refusing what it cannot show
  useEffect(() => {
    if (bad) onChange({ target: { name: props.name ?? '', value: '' } });
  }, []); // on the box's first drawing only: later, what is typed tells the form
  const tell = (e: SyntheticEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    onChange({ target: { name: el.name, value: el.validity.badInput ? UNREADABLE : el.value } });
  };
  /** tells the form only when the box went from readable to not, or back */
  const recheck = (e: SyntheticEvent<HTMLInputElement>) => e.currentTarget.validity.badInput !== bad && tell(e);
  return (
    <TextField
      {...props}
      type={type}
      value={bad ? '' : value}
      onChange={tell}
      // every keystroke: one that leaves the browser's empty value as it was (no onChange from React)
      // can still take the box from readable to not ('1-' then '1-2'), or back (cleared)
      onInput={recheck}
      // a date or time box is filled part by part: typing or clearing a part fires no input event
      onKeyUp={recheck}
      onBlur={recheck}
    />
  );
}

export const NumberField = (props: Props) => <TypedField {...props} type="number" />;
export const DateField = (props: Props) => <TypedField {...props} type="date" />;
export const TimeField = (props: Props) => <TypedField {...props} type="time" />;
