import { describe, expect, it } from 'vitest';
import { isServerRendered, isSitePath } from './page-paths.js';

describe('the paths the site has pages at', () => {
  it('knows every public page, with or without a trailing slash, and the back-office', () => {
    for (const path of [
      '/',
      '/videos/12',
      '/artists',
      '/artists/3/',
      '/categories/7',
      '/search/jolene',
      '/account',
      '/about/',
      '/privacy',
      '/admin',
      '/admin/editVideo/4',
    ]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it('knows no other path', () => {
    for (const path of [
      '/no/such/page',
      '/videos',
      '/videos/12/extra',
      '/search',
      '/abouts',
      '/administrator',
      '/manifest.json',
    ]) {
      expect(isSitePath(path), path).toBe(false);
    }
  });

  it('has the server render the public pages and the not-found page, not the signed-in ones', () => {
    for (const path of ['/', '/videos/12', '/artists/3', '/search/jolene', '/about', '/no/such']) {
      expect(isServerRendered(path), path).toBe(true);
    }
    for (const path of ['/account', '/account/', '/admin', '/admin/editVideo/4']) {
      expect(isServerRendered(path), path).toBe(false);
    }
  });
});
