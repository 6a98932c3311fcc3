/** The one ranking of hotel-booking candidates, used by the server's Find Match and the device's offline candidates. */
import { describe, expect, it } from 'vitest';
import { candidateWords, nameAgreement, rankCandidates } from '../../shared/candidate-ranking';

const reg = (id: number, firstName: string, lastName: string, extra = '') => ({
  id,
  firstName,
  lastName,
  searchText: `${firstName} ${lastName} ${extra}`.toLowerCase(),
});
const view = (r: ReturnType<typeof reg>) => r;

describe('candidate ranking', () => {
  it('full names first, then surnames, then first names only, then more words found, then last name, first name and id', () => {
    const list = [
      reg(5, 'Zed', 'Okafor'),
      reg(4, 'Ada', 'Okafor'),
      reg(3, 'Ngozi', 'Okafor', 'ngozi.o@example.org'),
      reg(2, 'Ngozi', 'Adeyemi'),
      reg(1, 'Ada', 'Okafor'),
      reg(6, 'Bo', 'Lee'),
    ];
    const ranked = rankCandidates('Okafor, Ngozi', list, view, 10).map((x) => x.item.id);
    // Ngozi Okafor: the full name; then every Okafor (by first name and id); a shared first name only last
    expect(ranked[0]).toBe(3);
    expect(ranked).not.toContain(6);
    expect(ranked.slice(1)).toEqual([1, 4, 5, 2]);
  });

  it('keeps at most `limit`, and needs a word of two letters or more', () => {
    const list = Array.from({ length: 5 }, (_, i) => reg(i + 1, 'Ana', `Lima${i}`));
    expect(rankCandidates('Ana', list, view, 3)).toHaveLength(3);
    expect(rankCandidates('A', list, view, 3)).toEqual([]);
    expect(candidateWords('  Ana  ANA b ')).toEqual(['ana']);
  });

  it('five people called Jun come after every Abernathy for "Abernathy, Jun"; the flag stays the spec\'s', () => {
    const list = [reg(1, 'Jun', 'Kim'), reg(2, 'Jun', 'Park'), reg(3, 'Mai', 'Abernathy'), reg(4, 'Jun', 'Abernathy')];
    const ranked = rankCandidates('ABERNATHY, JUN', list, view, 10);
    expect(ranked.map((x) => [x.item.id, x.match])).toEqual([
      [4, 'full'],
      [3, 'surname'],
      [1, 'first'],
      [2, 'first'],
    ]);
    expect(ranked.map((x) => x.possible)).toEqual([true, true, true, true]);
    expect(nameAgreement('Nguyễn Văn An', 'An', 'Nguyen Van')).toBe('full');
  });
});

describe('a registration number among the words searched', () => {
  const numbered = (id: number, firstName: string, lastName: string, number: string) => ({
    id,
    firstName,
    lastName,
    number,
    searchText: `${number} | ${firstName} ${lastName}`.toLowerCase(),
  });
  const list = [numbered(1, 'Carlos', 'Boateng', 'R25-YFHYQA'), numbered(2, 'Quinn', 'Walker', 'R25-ABCDEF')];

  it('a guest name word found only as a piece of a number does not make a candidate', () => {
    // "Walker, Qa": 'qa' is inside Carlos's number, not his name
    expect(rankCandidates('Walker, Qa', list, (r) => r, 10).map((x) => x.item.id)).toEqual([2]);
  });

  it('the number typed whole, or a whole part of it, still finds the registration', () => {
    expect(rankCandidates('R25-YFHYQA', list, (r) => r, 10).map((x) => x.item.id)).toEqual([1]);
    expect(rankCandidates('yfhyqa', list, (r) => r, 10).map((x) => x.item.id)).toEqual([1]);
  });

  it('the number typed without its hyphen finds the registration', () => {
    expect(candidateWords('R25YFHYQA')).toEqual(['r25-yfhyqa']);
    expect(rankCandidates('R25YFHYQA', list, (r) => r, 10).map((x) => x.item.id)).toEqual([1]);
  });
});

describe('names with letters Unicode does not decompose', () => {
  it("agree as the search reads them: 'Strauss, Hans' is Hans Strauß, 'Dang, Minh' is Minh Đặng", () => {
    expect(nameAgreement('Strauss, Hans', 'Hans', 'Strauß')).toBe('full');
    expect(nameAgreement('Dang, Minh', 'Minh', 'Đặng')).toBe('full');
    expect(nameAgreement('Soren Ostergaard', 'Søren', 'Østergaard')).toBe('full');
  });

  it('reads hyphens and apostrophes as spaces, and a surname run together as the surname', () => {
    for (const guest of ['Van-der-Berg, Susan', 'VanDerBerg Susan', 'Vanderberg, Susan']) {
      expect(nameAgreement(guest, 'Susan', 'Van der Berg'), guest).toBe('full');
    }
    expect(nameAgreement('Da-Silva, Daniel', 'Daniel', 'Da Silva')).toBe('full');
    expect(nameAgreement('DaSilva, Daniel', 'Daniel', 'Da Silva')).toBe('full');
    expect(nameAgreement('OBrien, Ahmed', 'Ahmed', "O'Brien")).toBe('full');
    expect(nameAgreement('Lefevre-Smith, Isabella', 'Isabella', 'Lefèvre')).toBe('full');
    // another Ahmed is still only a first name
    expect(nameAgreement('OBrien, Ahmed', 'Ahmed', 'Khalil')).toBe('first');
    expect(nameAgreement('Berg, Susan', 'Susan', 'Van der Berg')).toBe('first');
  });
});
