import { describe, expect, it } from 'vitest';
import {
  ADMIN_PATH,
  ADMIN_SCREENS,
  adminLink,
  drawnAddress,
  isServerRendered,
  isSitePath,
  listPageOf,
  matchPage,
  pageLink,
} from './page-paths.js';
import { matchPath } from './path-patterns.js';

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

  it('has the server render the public pages (the account too) and the not-found page, not the back-office', () => {
    for (const path of [
      '/',
      '/videos/12',
      '/artists/3',
      '/search/jolene',
      '/about',
      '/account',
      '/no/such',
    ]) {
      expect(isServerRendered(path), path).toBe(true);
    }
    for (const path of ['/admin', '/admin/', '/admin/editVideo/4']) {
      expect(isServerRendered(path), path).toBe(false);
    }
  });
});

describe('links to the pages', () => {
  it('fill a pattern with each parameter encoded as one segment', () => {
    expect(pageLink.video(12)).toBe('/videos/12');
    expect(pageLink.category('7')).toBe('/categories/7');
    expect(pageLink.search('ac/dc & more?')).toBe('/search/ac%2Fdc%20%26%20more%3F');
    expect(adminLink.editArtist(4)).toBe('/admin/editArtist/4');
    expect(adminLink.dashboard).toBe('/admin/dashboard');
  });

  it('lead back to the page they name, with its parameters', () => {
    expect(matchPage(pageLink.video(12))).toEqual({ page: 'video', params: { id: '12' } });
    expect(matchPage(pageLink.search('ac/dc'))).toEqual({
      page: 'search',
      params: { query: 'ac%2Fdc' },
    });
    expect(matchPage(pageLink.about)).toEqual({ page: 'about', params: {} });
    expect(matchPage('/videos/12/extra')).toBeNull();
    expect(matchPath(`${ADMIN_PATH}/${ADMIN_SCREENS.editVideo}`, adminLink.editVideo(3))).toEqual({
      id: '3',
    });
  });
});

describe('paged lists', () => {
  it('link a search from a page on', () => {
    expect(pageLink.search('porch light', 1)).toBe('/search/porch%20light');
    expect(pageLink.search('porch light', 3)).toBe('/search/porch%20light?page=3');
  });

  it('start at the page the address asks for, and at the first for anything else', () => {
    const pageOf = (query: string) => listPageOf(new URLSearchParams(query));
    expect(pageOf('page=2')).toBe(2);
    expect(pageOf('page=1000000')).toBe(1_000_000);
    for (const query of ['', 'page=', 'page=0', 'page=-2', 'page=2.5', 'page=abc', 'page=1e3']) {
      expect(pageOf(query), query).toBe(1);
    }
    expect(pageOf('page=1000001')).toBe(1);
  });

  it("are drawn by the server per page of a search, whatever else the address's query says", () => {
    const drawn = (path: string, query: string) => drawnAddress(path, new URLSearchParams(query));
    expect(drawn('/search/cash', 'page=2&utm_source=x')).toBe('/search/cash?page=2');
    expect(drawn('/search/cash', 'page=02')).toBe('/search/cash?page=2');
    expect(drawn('/search/cash', 'page=1')).toBe('/search/cash');
    expect(drawn('/search/cash', 'page=abc')).toBe('/search/cash');
    expect(drawn('/about', 'page=2')).toBe('/about');
    expect(drawn('/no/such', 'page=2')).toBe('/no/such');
  });
});
