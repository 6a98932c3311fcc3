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
    expect(clashText(clashes, typed, same, labels, 'Save Changes')).toBe(
      'Changed on another device while you were editing: Phone (now “555-1111”), Notes (now “A note”). Save Changes puts what you typed in their places.',
    );
    // the user takes the other phone: only the note still clashes
    const mended = { ...typed, phone: '555-1111 ' };
    expect(clashText(clashes, mended, same, labels, 'Save Changes')).toBe(
      'Changed on another device while you were editing: Notes (now “A note”). Save Changes puts what you typed in its place.',
    );
    // the server changes the note again: the sentence quotes its latest value
    const later = { ...fresh, notes: '' };
    const again = clashesAfter(clashes, mended, fresh, later, same);
    expect(clashText(again, mended, same, labels, 'Save Changes')).toBe(
      'Changed on another device while you were editing: Notes (now empty). Save Changes puts what you typed in its place.',
    );
    // the same value typed on both sides is no clash
    expect(clashesAfter(new Map(), { ...typed, phone: '555-1111' }, startedFrom, fresh, same).has('phone')).toBe(false);
  });
});
