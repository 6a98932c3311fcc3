/**
 * A labelled number box (TextField's type="number") that tells the form when what is typed in it is no
 * number ('1-2', 'e'): the browser reports such a box as empty, which a form would save as no value (a
 * discount silently removed, a count saved as 0). Its onChange then gets NOT_A_NUMBER, which no number
 * check accepts, so the form says so under the box, and the box keeps showing what was typed.
 */
import { useEffect, type ComponentProps, type SyntheticEvent } from 'react';
import { TextField } from './form-field';

export const NOT_A_NUMBER = 'NaN';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'onChange'> & {
  onChange: (e: { target: { name: string; value: string } }) => void;
};

export function NumberField({ onChange, value, ...props }: Props) {
  const bad = value === NOT_A_NUMBER;
  // a box drawn anew (a draft restored after a reload, the discounts shown again) starts empty: the form
  // is told so, rather than refusing 'no number' under a box that shows none
  useEffect(() => {
    if (bad) onChange({ target: { name: props.name ?? '', value: '' } });
  }, []); // on the box's first drawing only: later, what is typed tells the form
  const tell = (e: SyntheticEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    onChange({ target: { name: el.name, value: el.validity.badInput ? NOT_A_NUMBER : el.value } });
  };
  return (
    <TextField
      {...props}
      type="number"
      value={bad ? '' : value}
      onChange={tell}
      // every keystroke: one that leaves the browser's empty value as it was (no onChange from React)
      // can still take the box from a number to no number ('1-' then '1-2'), or back (cleared)
      onInput={(e) => e.currentTarget.validity.badInput !== bad && tell(e)}
    />
  );
}
