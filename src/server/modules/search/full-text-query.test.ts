import { describe, expect, it } from 'vitest';
import { correctedQueryText } from './full-text-query.js';

describe('correctedQueryText', () => {
  it('keeps typed words as prefixes and puts alternatives for a corrected one in parentheses', () => {
    expect(
      correctedQueryText([{ prefix: 'dusty' }, { anyOf: ['brian', 'train'] }, { anyOf: ['x'] }]),
    ).toBe("'dusty':* & ('brian' | 'train') & 'x'");
  });

  it('asks a kept word as its completions when there are some, without repeating a near word', () => {
    expect(
      correctedQueryText([
        { prefix: 'dust', completions: ['dust', 'dusty'], near: ['dusty', 'rust'] },
        { prefix: 'train', completions: ['train'] },
        { prefix: 'zq', completions: null },
        { prefix: '12', completions: ['ignored'] },
      ]),
    ).toBe("('dust' | 'dusty' | 'rust') & 'train' & 'zq':* & '12'");
  });

  it('quotes every word, doubling quotes and backslashes, so no word forms an operator', () => {
    expect(
      correctedQueryText([
        { prefix: "o'neil" },
        { prefix: 'x', completions: ["x'y"] },
        { anyOf: ['a\\b', '&|!'] },
      ]),
    ).toBe("'o''neil':* & 'x''y' & ('a\\\\b' | '&|!')");
  });
});
