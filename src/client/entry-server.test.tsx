import { describe, expect, it } from 'vitest';
import type { AnswerApiCall, PageState } from '@shared/server-render.js';
import { buildVideo } from '@client/testing/catalogue-builders.js';
import { renderPage } from './entry-server.js';

/**
 * The server's render of a page (run here through the same entry the server loads from the
 * build), answered by a fake of the server's API reads.
 */
const CONFIG = {
  brand: 'Banjo Hour',
  mainSiteUrl: 'https://banjo.example/',
  social: {
    facebook: 'https://facebook.example/banjo',
    twitter: 'https://x.example/banjo',
    instagram: 'https://instagram.example/banjo',
  },
  appStores: { apple: 'https://apple.example/banjo', google: 'https://google.example/banjo' },
  youtubeIframeApiUrl: 'https://www.youtube.com/iframe_api',
};

const envelope = (status: number, data: unknown) => ({
  status,
  envelope: { status, data, message: status === 200 ? 'OK' : 'Not found' },
});

/** Answers the site config, and whatever else `reads` holds; records every read. */
function fakeApi(reads: Record<string, unknown> = {}) {
  const asked: string[] = [];
  const answer: AnswerApiCall = async (path) => {
    asked.push(path);
    if (path === '/api/config') return envelope(200, CONFIG);
    return path in reads ? envelope(200, reads[path]) : envelope(404, null);
  };
  return { answer, asked };
}

describe("the server's render", () => {
  it('draws a page without a loader under the configured brand and links', async () => {
    for (const path of ['/about', '/privacy', '/no/such/page']) {
      const api = fakeApi();
      const page = await renderPage(path, api.answer);
      expect(page.html, path).not.toContain('Twang');
      expect(page.html, path).toContain('>Banjo Hour</a>');
      expect(page.html, path).toContain('© Copyright - Banjo Hour');
      expect(page.html, path).toContain('href="https://banjo.example/"');
      expect(page.html, path).toContain('href="https://instagram.example/banjo"');
      expect(api.asked, path).toEqual(['/api/config']);
    }
    const about = await renderPage('/about', fakeApi().answer);
    expect(about.title).toBe('<title>About | Banjo Hour</title>');
    expect(about.html).toMatch(/<h1>About (?:<!-- -->)?Banjo Hour<\/h1>/);
  });

  it("leaves the site config out of the page's state: the page carries it in #site-config", async () => {
    // A page with a loader: its own read goes in the state (here a missing video's error).
    const page = await renderPage('/videos/7', fakeApi().answer);
    const state = JSON.parse(page.state) as PageState;
    expect(state.queries.queries.map((query) => query.queryKey[0])).toEqual(['videos']);
  });

  it('draws the account as a sign-in prompt in the site frame, which the app replaces', async () => {
    const api = fakeApi();
    const page = await renderPage('/account', api.answer);
    expect(page.title).toBe('<title>Account | Banjo Hour</title>');
    expect(page.html).toContain('<h1>Account</h1>');
    expect(page.html).toContain(
      'Sign in to see the videos and artists you like and your account settings.',
    );
    expect(page.html).toContain('<noscript>');
    expect(page.html).toMatch(/<header class="top-nav">.*<footer class="footer">/s);
    // Whose account it is, only the browser knows: the server reads nothing for it.
    expect(api.asked).toEqual(['/api/config']);
  });

  it('draws a search from the page its address asks for, its Load more a link to the next', async () => {
    const results = (page: number) => ({
      artists: [],
      videos: Array.from({ length: 40 }, (_, i) => buildVideo(41 + i, `Song ${41 + i}`)),
      total: 200,
      artistTotal: 0,
      videoTotal: 200,
      page,
      pageSize: 40,
    });
    const api = fakeApi({ '/api/search/song?page=2': results(2) });
    const page = await renderPage('/search/song?page=2', api.answer);
    expect(api.asked).toContain('/api/search/song?page=2');
    expect(page.html).toContain('href="/search/song?page=3"');
    expect(page.html).toMatch(/<a [^>]*href="\/search\/song"[^>]*>Previous results<\/a>/);
  });
});
