import { describe, expect, it } from 'vitest';
import { allowedEdits, chooseCorrections, editDistance } from './spelling.js';

describe('editDistance', () => {
  it('counts insertions, deletions, replacements and swapped neighbours as one edit each', () => {
    expect(editDistance('train', 'train')).toBe(0);
    expect(editDistance('jonny', 'johnny')).toBe(1);
    expect(editDistance('johnny', 'jonny')).toBe(1);
    expect(editDistance('trian', 'train')).toBe(1);
    expect(editDistance('trian', 'brian')).toBe(1);
    expect(editDistance('rutledae', 'rutledge')).toBe(1);
    expect(editDistance('travis', 'trian')).toBe(4);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('compares code points, not UTF-16 units', () => {
    expect(editDistance('𝄞a', '𝄞b')).toBe(1);
  });
});

describe('chooseCorrections', () => {
  it('allows no edit up to three letters, one up to seven, two beyond', () => {
    expect([allowedEdits('trn'), allowedEdits('dvorac'), allowedEdits('honeysuckae')]).toEqual([
      0, 1, 2,
    ]);
  });

  it('keeps the candidates fewest edits away, in the order given, at most three', () => {
    expect(chooseCorrections('trian', ['brian', 'train', 'travis'])).toEqual(['brian', 'train']);
    expect(chooseCorrections('wildflowar', ['wildflower', 'wildfire'])).toEqual(['wildflower']);
    expect(chooseCorrections('cash', ['cast', 'case', 'cask', 'cass'])).toEqual([
      'cast',
      'case',
      'cask',
    ]);
  });

  it('keeps none when every candidate is too far', () => {
    expect(chooseCorrections('florp', ['flower', 'floor'])).toEqual([]);
    expect(chooseCorrections('teh', ['the'])).toEqual([]);
  });
});
