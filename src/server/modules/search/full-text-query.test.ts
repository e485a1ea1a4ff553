import { describe, expect, it } from 'vitest';
import { correctedQueryText } from './full-text-query.js';

describe('correctedQueryText', () => {
  it('keeps typed words as prefixes and puts alternatives for a corrected one in parentheses', () => {
    expect(
      correctedQueryText([{ prefix: 'dusty' }, { anyOf: ['brian', 'train'] }, { anyOf: ['x'] }]),
    ).toBe("'dusty':* & ('brian' | 'train') & 'x'");
  });

  it('quotes every word, doubling quotes and backslashes, so no word forms an operator', () => {
    expect(correctedQueryText([{ prefix: "o'neil" }, { anyOf: ['a\\b', '&|!'] }])).toBe(
      "'o''neil':* & ('a\\\\b' | '&|!')",
    );
  });
});
