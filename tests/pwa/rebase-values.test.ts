import { describe, expect, it } from 'vitest';
import { changedKeys, clashesAfter, clashText, rebaseValues, sameTrimmed } from '../../pwa/lib/rebase-values';

type V = { phone: string; notes: string; city: string; waive: boolean };
const same = sameTrimmed<V>;
const labels = { phone: 'Phone', notes: 'Notes', city: 'City', waive: 'Waive all fees' };

describe('a form open while its record changed on the server', () => {
  const startedFrom: V = { phone: '555-0100', notes: '', city: 'Conroe', waive: false };

  it("takes the server's value in the boxes not touched, keeps the user's, and sends only the user's", () => {
    const typed = { ...startedFrom, notes: 'Arrives late ' };
    const fresh = { ...startedFrom, phone: '555-7777', waive: true };
    const rebased = rebaseValues(typed, startedFrom, fresh, same);
    expect(rebased).toEqual({ phone: '555-7777', notes: 'Arrives late ', city: 'Conroe', waive: true });
    expect(changedKeys(rebased, fresh, same)).toEqual(['notes']);
    // nothing changed on either side that clashes
    expect(clashesAfter(new Map(), typed, startedFrom, fresh, same).size).toBe(0);
  });

  it('names a box changed on both sides, with the value its Save would replace, until the user types that value', () => {
    const typed = { ...startedFrom, phone: '555-2222', notes: 'B note' };
    const fresh = { ...startedFrom, phone: '555-1111', notes: 'A note', waive: true };
    const clashes = clashesAfter(new Map(), typed, startedFrom, fresh, same);
    expect([...clashes]).toEqual([
      ['phone', '555-1111'],
      ['notes', 'A note'],
    ]);
    expect(clashText(clashes, typed, same, { labels }, 'Save Changes')).toBe(
      'Changed elsewhere while you were editing: Phone (now “555-1111”), Notes (now “A note”). Save Changes puts what you typed in their places.',
    );
    // the user takes the other phone: only the note still clashes
    const mended = { ...typed, phone: '555-1111 ' };
    expect(clashText(clashes, mended, same, { labels }, 'Save Changes')).toBe(
      'Changed elsewhere while you were editing: Notes (now “A note”). Save Changes puts what you typed in its place.',
    );
    // the server changes the note again: the sentence quotes its latest value
    const later = { ...fresh, notes: '' };
    const again = clashesAfter(clashes, mended, fresh, later, same);
    expect(clashText(again, mended, same, { labels }, 'Save Changes')).toBe(
      'Changed elsewhere while you were editing: Notes (now empty). Save Changes puts what you typed in its place.',
    );
    // the same value typed on both sides is no clash
    expect(clashesAfter(new Map(), { ...typed, phone: '555-1111' }, startedFrom, fresh, same).has('phone')).toBe(false);
  });

  it('reads a choice by its label, and says nothing of a box the form does not show', () => {
    type A = { gender: string; relationship: string; relationship_other: string };
    const from: A = { gender: '', relationship: 'other', relationship_other: 'Cousin' };
    const typed: A = { gender: 'male', relationship: 'other', relationship_other: 'Second cousin' };
    const fresh: A = { gender: 'prefer_not_to_say', relationship: 'other', relationship_other: 'Niece' };
    const clashes = clashesAfter(new Map(), typed, from, fresh, sameTrimmed<A>);
    const options = [{ value: 'prefer_not_to_say', label: 'Prefer not to say' }];
    const words = {
      labels: { gender: 'Gender', relationship_other: 'Specify Relationship' },
      choice: (k: keyof A, v: string) => (k === 'gender' ? options.find((o) => o.value === v)?.label : undefined),
      shown: (k: keyof A) => k !== 'relationship_other' || typed.relationship === 'other',
    };
    expect(clashText(clashes, typed, sameTrimmed<A>, words, 'Save Changes')).toBe(
      'Changed elsewhere while you were editing: Gender (now “Prefer not to say”), Specify Relationship (now “Niece”). Save Changes puts what you typed in their places.',
    );
    const spouse = { ...typed, relationship: 'spouse' };
    expect(
      clashText(clashes, spouse, sameTrimmed<A>, { ...words, shown: (k: keyof A) => k !== 'relationship_other' }, 'Save Changes'),
    ).toBe('Changed elsewhere while you were editing: Gender (now “Prefer not to say”). Save Changes puts what you typed in its place.');
  });
});
