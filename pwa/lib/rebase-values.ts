/**
 * A form left open while the record it edits changed on the server (another admin, a desk; the page
 * hears of it live). Each field the user has not touched since the form last saw the record takes the
 * server's new value; each one they changed keeps theirs, so a Save sends only the user's own changes
 * and does not put back the old value of a field someone else changed meanwhile. A field changed on both
 * sides is a clash: the form says so, since its Save will put the user's value over the other one
 * (docs/decisions.md "Two admins, one registration").
 */

/** Whether two values of one field would save the same (text trimmed, an amount as its number). */
export type SameValue<V> = (key: keyof V, a: V[keyof V], b: V[keyof V]) => boolean;

/** Values compared as they would save: text trimmed, anything else as it is. */
export const sameTrimmed = <V>(_: keyof V, a: V[keyof V], b: V[keyof V]) =>
  typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : a === b;

/**
 * Which fields the user touched since `startedFrom`: those they changed, unless the form says more (a
 * field that only means something with another, such as a discount typed while fees are not waived,
 * makes that other one touched too).
 */
export type Touched<V> = (key: keyof V) => boolean;

const changedFrom =
  <V extends object>(values: V, startedFrom: V, same: SameValue<V>): Touched<V> =>
  (k) =>
    !same(k, values[k], startedFrom[k]);

/** The form's values once the server's record went from `startedFrom` to `fresh`; see the file's comment. */
export function rebaseValues<V extends object>(
  values: V,
  startedFrom: V,
  fresh: V,
  same: SameValue<V>,
  touched: Touched<V> = changedFrom(values, startedFrom, same),
): V {
  const next = { ...values };
  for (const k of Object.keys(fresh) as (keyof V)[]) if (!touched(k)) next[k] = fresh[k];
  return next;
}

/** The fields whose value in `values` would save differently from `base`'s. */
export function changedKeys<V extends object>(values: V, base: V, same: SameValue<V>): (keyof V)[] {
  return (Object.keys(base) as (keyof V)[]).filter((k) => !same(k, values[k], base[k]));
}

/**
 * The fields changed on both sides while the form was open, with the server's value: those the user
 * changed from `startedFrom` that the server changed too, to something else. `known` are the clashes
 * found before (the server's value updated); one is dropped once the user's value is the server's.
 */
export function clashesAfter<V extends object>(
  known: ReadonlyMap<keyof V, V[keyof V]>,
  values: V,
  startedFrom: V,
  fresh: V,
  same: SameValue<V>,
  touched: Touched<V> = changedFrom(values, startedFrom, same),
): Map<keyof V, V[keyof V]> {
  const next = new Map(known);
  for (const k of Object.keys(fresh) as (keyof V)[]) {
    const serverMoved = !same(k, fresh[k], startedFrom[k]);
    if (serverMoved && (next.has(k) || touched(k))) next.set(k, fresh[k]);
  }
  for (const [k, theirs] of next) if (same(k, values[k], theirs)) next.delete(k);
  return next;
}

/** One value as the clash sentence quotes it: a box's text (shortened), on/off for a tick box. */
function quoted(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'ticked' : 'not ticked';
  const text = String(value ?? '').trim();
  if (!text) return 'empty';
  return `“${text.length > 60 ? `${text.slice(0, 57)}...` : text}”`;
}

/** How the clash sentence names a field and reads its value: the field's label, a choice's label (not its code). */
export interface ClashWords<V> {
  labels: Partial<Record<keyof V, string>>;
  /** a choice's label for its stored value ('Prefer not to say' for prefer_not_to_say); the value itself when absent */
  choice?: (key: keyof V, value: V[keyof V]) => string | undefined;
  /** false for a field not on the form at the moment (its Save sends no value of it): no clash is said of it */
  shown?: (key: keyof V) => boolean;
}

/**
 * 'Changed elsewhere while you were editing: Phone (now “555-7777”). Save Changes puts what you
 * typed in its place.' for the clashes still standing (those whose value the user still differs from), or null.
 */
export function clashText<V extends object>(
  clashes: ReadonlyMap<keyof V, V[keyof V]>,
  values: V,
  same: SameValue<V>,
  words: ClashWords<V>,
  saveButton: string,
): string | null {
  const standing = [...clashes].filter(([k, theirs]) => !same(k, values[k], theirs) && (words.shown?.(k) ?? true));
  if (!standing.length) return null;
  const list = standing
    .map(([k, theirs]) => `${words.labels[k] ?? String(k)} (now ${quoted(words.choice?.(k, theirs) ?? theirs)})`)
    .join(', ');
  return `Changed elsewhere while you were editing: ${list}. ${saveButton} puts what you typed in ${standing.length > 1 ? 'their places' : 'its place'}.`;
}
