import { describe, expect, it } from 'vitest';
import { matchPath } from './path-patterns.js';
import { API_READS, PAGE_NAMES, publicPage } from './public-pages.js';

describe('the declared public pages', () => {
  it('name the row they are about by an :id in their path', () => {
    for (const name of PAGE_NAMES) {
      const { path, subject } = publicPage(name);
      expect(path.includes(':id'), name).toBe(subject !== undefined);
    }
  });

  it('read only API paths that API_READS declares, each parameter as one encoded segment', () => {
    const params = { id: '12', query: 'ac/dc café' };
    for (const name of PAGE_NAMES) {
      const read = publicPage(name).firstRead?.(params);
      if (!read) continue;
      const [path = ''] = read.split('?');
      const matched = Object.values(API_READS).some((pattern) => matchPath(pattern, path));
      expect(matched, `${name}: ${read}`).toBe(true);
    }
    expect(publicPage('search').firstRead?.(params)).toBe('/search/ac%2Fdc%20caf%C3%A9');
  });
});
