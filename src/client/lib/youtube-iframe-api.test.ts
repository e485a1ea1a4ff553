import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { YoutubeNamespace } from './youtube-iframe-api.js';

// Each test gets the module anew: it remembers its one load for the document's life.
let loadYoutubeIframeApi: (url: string) => Promise<YoutubeNamespace>;
beforeEach(async () => {
  vi.resetModules();
  ({ loadYoutubeIframeApi } = await import('./youtube-iframe-api.js'));
});

const URL = 'https://yt.example/iframe_api';
const scripts = () => document.head.querySelectorAll(`script[src="${URL}"]`);

afterEach(() => {
  delete window.YT;
  delete window.onYouTubeIframeAPIReady;
  for (const script of scripts()) script.remove();
});

describe('loadYoutubeIframeApi', () => {
  it('adds the script once for every player, and resolves when the API says it is ready', async () => {
    const first = loadYoutubeIframeApi(URL);
    const second = loadYoutubeIframeApi(URL);
    expect(scripts()).toHaveLength(1);
    const api = { Player: class {} } as unknown as YoutubeNamespace;
    window.YT = api;
    window.onYouTubeIframeAPIReady?.();
    expect(await first).toBe(api);
    expect(await second).toBe(api);
    // Loaded: later players take it at once.
    expect(await loadYoutubeIframeApi(URL)).toBe(api);
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script fails, and tries again next time', async () => {
    const failed = loadYoutubeIframeApi(URL);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('did not load');
    expect(scripts()).toHaveLength(0);
    void loadYoutubeIframeApi(URL).catch(() => undefined);
    expect(scripts()).toHaveLength(1);
  });
});
