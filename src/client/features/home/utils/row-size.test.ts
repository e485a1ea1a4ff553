import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt.js';
import { rowSize } from './row-size.js';

describe('rowSize', () => {
  it.each([
    [85, 1],
    [86, 2],
    [320, 4],
    [375, 5],
    [600, 8],
    [768, 10],
    [850, 10],
    [1280, 10],
    [1440, 10],
    [3840, 10],
  ])('shows min(ceil(%i / 85), 10) = %i videos', (width, expected) => {
    expect(rowSize(width)).toBe(expected);
  });
});

describe('excerpt', () => {
  it('keeps a short text as it is', () => {
    expect(excerpt('A short one.', 50)).toBe('A short one.');
  });

  it('cuts a long text at a word boundary and adds an ellipsis', () => {
    const text = 'Wade Hollister performs a brand new song in front of a packed house tonight';
    const result = excerpt(text, 40);
    expect(result).toBe('Wade Hollister performs a brand new song…');
    expect(result.length).toBeLessThanOrEqual(41);
  });
});
