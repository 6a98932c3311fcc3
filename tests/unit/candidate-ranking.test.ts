/** The one ranking of hotel-booking candidates, used by the server's Find Match and the device's offline candidates. */
import { describe, expect, it } from 'vitest';
import { candidateWords, rankCandidates } from '../../shared/candidate-ranking';

const reg = (id: number, firstName: string, lastName: string, extra = '') => ({
  id,
  firstName,
  lastName,
  searchText: `${firstName} ${lastName} ${extra}`.toLowerCase(),
});
const view = (r: ReturnType<typeof reg>) => r;

describe('candidate ranking', () => {
  it('possible name matches first, then more words found, then last name, first name and id', () => {
    const list = [
      reg(5, 'Zed', 'Okafor'),
      reg(4, 'Ada', 'Okafor'),
      reg(3, 'Ngozi', 'Okafor', 'ngozi.o@example.org'),
      reg(2, 'Ngozi', 'Adeyemi'),
      reg(1, 'Ada', 'Okafor'),
      reg(6, 'Bo', 'Lee'),
    ];
    const ranked = rankCandidates('Okafor, Ngozi', list, view, 10).map((x) => x.item.id);
    // Ngozi Okafor: a possible match with both words; then the other possible matches by last, first, id
    expect(ranked[0]).toBe(3);
    expect(ranked).not.toContain(6);
    expect(ranked.slice(1)).toEqual([2, 1, 4, 5]);
  });

  it('keeps at most `limit`, and needs a word of two letters or more', () => {
    const list = Array.from({ length: 5 }, (_, i) => reg(i + 1, 'Ana', `Lima${i}`));
    expect(rankCandidates('Ana', list, view, 3)).toHaveLength(3);
    expect(rankCandidates('A', list, view, 3)).toEqual([]);
    expect(candidateWords('  Ana  ANA b ')).toEqual(['ana']);
  });
});
