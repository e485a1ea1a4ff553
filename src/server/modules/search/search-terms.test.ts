import { describe, expect, it } from 'vitest';
import { searchWords } from './search-terms.js';

describe('searchWords', () => {
  it('splits on everything but letters and digits, lower-cases and drops repeats', () => {
    expect(searchWords("Johnny Cash's 'Ring' & (Fire) | !live:* \\ 50% a_b")).toEqual([
      'johnny',
      'cash',
      's',
      'ring',
      'fire',
      'live',
      '50',
      'a',
    ]);
    expect(searchWords('cash CASH Cash')).toEqual(['cash']);
  });

  it('keeps accents and combining marks inside a word, and leaves out modifier letters', () => {
    expect(searchWords('Beyonce\u0301 Beyoncé')).toEqual(['beyonce\u0301', 'beyoncé']);
    expect(searchWords('ʼʻ ːx')).toEqual(['x']);
  });

  it('keeps at most eight words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('&&& ||| !!!')).toEqual([]);
  });
});
