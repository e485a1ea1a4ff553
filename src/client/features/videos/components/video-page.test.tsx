import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@shared/schemas/catalogue.js';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { closeAuthModal, useAuthModal } from '@client/lib/auth-modal.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { buildEpisode, cardName } from '@client/testing/catalogue-builders.js';
import { installFakeYoutubeApi } from '@client/testing/fake-youtube-api.js';
import { callsTo } from '@client/testing/fetch-calls.js';
import { expectLinks } from '@client/testing/links.js';
import { renderPage } from '@client/testing/render.js';
import { VideoPage } from './video-page.js';
import { testSiteConfig } from '@client/testing/site-config.js';

const buildVideo = (id: number, overrides: Partial<Video> = {}): Video =>
  buildEpisode(id, { like_count: 3, ...overrides });

function pageData(id: number, overrides: Partial<Video> = {}): VideoPageData {
  return {
    video: buildVideo(id, {
      title: `Song number ${id}`,
      tags: [
        { id: 2, name: 'Acoustic Sessions' },
        { id: 40, name: 'June Caldwell' },
      ],
      ...overrides,
    }),
    suggestedVideos: [buildVideo(id + 1), buildVideo(id + 2)],
  };
}

const config = testSiteConfig();

const signIn = () => setSession({ id: 77, firstName: 'June', isAdmin: false, token: 'tok' });

function renderVideo(api: Record<string, unknown>, id = 5) {
  return renderPage(<VideoPage />, {
    path: `/videos/${id}`,
    pattern: '/videos/:id',
    api: { '/config': config, ...api },
  });
}

let youtube: ReturnType<typeof installFakeYoutubeApi>;

beforeEach(() => {
  // jsdom has no scrolling; the page's scroll-to-top is observed through this spy.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  youtube = installFakeYoutubeApi();
});
afterEach(() => {
  youtube.uninstall();
  localStorage.clear();
  clearSession();
  vi.mocked(window.scrollTo).mockRestore();
});

describe('VideoPage', () => {
  it('shows a loading view, then the player, title, description, tags and suggestions', async () => {
    renderVideo({ '/videos/5': pageData(5) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Song number 5');
    // The IFrame API makes the player on the privacy-enhanced host, never autoplaying.
    await waitFor(() => expect(youtube.players).toHaveLength(1));
    const made = youtube.players[0]!;
    expect(made.options).toMatchObject({
      videoId: 'yt-00000005',
      host: 'https://www.youtube-nocookie.com',
      playerVars: { start: 0, autoplay: 0, rel: 0 },
    });
    act(() => made.ready());
    const player = screen.getByTitle('Song number 5');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/yt-00000005');
    expect(screen.getByText('The story of episode 5.')).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expectLinks(tags, ['Acoustic Sessions', '/categories/2'], ['June Caldwell', '/categories/40']);
    const suggested = screen.getByRole('complementary', { name: 'Suggested Videos' });
    expectLinks(suggested, [cardName('Episode 6'), '/videos/6']);
    await waitFor(() => expect(document.title).toBe('Song number 5 | Twang Test'));
  });

  it("starts a signed-in fan's player where they left off, on any device", async () => {
    signIn();
    renderVideo({
      '/videos/5': pageData(5),
      '/users/77/progress/5': { position: 125.6, duration: 600, finished: false, updated_at: null },
    });
    await waitFor(() => expect(youtube.players).toHaveLength(1));
    expect(youtube.players[0]!.options.playerVars).toMatchObject({ start: 125 });
  });

  it('starts a finished episode from the beginning', async () => {
    signIn();
    renderVideo({
      '/videos/5': pageData(5),
      '/users/77/progress/5': { position: 590, duration: 600, finished: true, updated_at: null },
    });
    await waitFor(() => expect(youtube.players).toHaveLength(1));
    expect(youtube.players[0]!.options.playerVars).toMatchObject({ start: 0 });
  });

  it("starts from the beginning when the fan's position cannot be read", async () => {
    signIn();
    renderVideo({ '/videos/5': pageData(5) });
    await waitFor(() => expect(youtube.players).toHaveLength(1));
    expect(youtube.players[0]!.options.playerVars).toMatchObject({ start: 0 });
  });

  it("resumes a visitor from this browser's storage, and asks the server nothing", async () => {
    localStorage.setItem(
      'twang.watching',
      JSON.stringify({ '5': { position: 42.9, duration: 300, at: 1 } }),
    );
    const { fetch } = renderVideo({ '/videos/5': pageData(5) });
    await waitFor(() => expect(youtube.players).toHaveLength(1));
    expect(youtube.players[0]!.options.playerVars).toMatchObject({ start: 42 });
    expect(callsTo(fetch, 'GET', '/users/77/progress/5')).toHaveLength(0);
  });

  it('falls back to the plain embed when the IFrame API script does not load', async () => {
    youtube.uninstall();
    renderVideo({ '/videos/5': pageData(5) });
    await screen.findByRole('heading', { level: 1 });
    const script = await waitFor(() => {
      const found = document.head.querySelector('script[src="https://www.youtube.com/iframe_api"]');
      expect(found).not.toBeNull();
      return found!;
    });
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    const player = await screen.findByTitle('Song number 5');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/yt-00000005');
    expect(player).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    // What the player needs, each a feature Chromium knows ('web-share' was a console warning).
    expect(player).toHaveAttribute('allow', 'clipboard-write; encrypted-media; picture-in-picture');
  });

  it("reads 'Sign in to Like' and is disabled for signed-out visitors", async () => {
    renderVideo({ '/videos/5': pageData(5) });
    const like = await screen.findByRole('button', { name: 'Sign in to Like' });
    expect(like).toBeDisabled();
  });

  it("offers visitors a 'Sign in' beside it that opens the sign-in dialog", async () => {
    const opened: boolean[] = [];
    function ModalState() {
      opened.push(useAuthModal().open);
      return null;
    }
    renderPage(
      <>
        <VideoPage />
        <ModalState />
      </>,
      {
        path: '/videos/5',
        pattern: '/videos/:id',
        api: { '/config': config, '/videos/5': pageData(5) },
      },
    );
    await screen.findByRole('button', { name: 'Sign in to Like' });
    expect(opened.at(-1)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(opened.at(-1)).toBe(true);
    closeAuthModal();
  });

  it("reads 'Like', and becomes 'Liked' once the server has recorded the like", async () => {
    signIn();
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderVideo({
      '/videos/5': pageData(5, { isLiked: false }),
      'PUT /users/liked/add-video': (init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 200, data: { isLiked: true, like_count: 4 } };
      },
    });
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    const count = () => document.querySelector('.video-info__likes');
    expect(count()).toHaveTextContent('3 likes');
    await user.click(like);
    const liked = await screen.findByRole('button', { name: 'Liked' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(count()).toHaveTextContent('4 likes');
    expect(bodies).toEqual([{ userId: 77, episodeId: 5 }]);
  });

  it("unlikes a liked video through remove-video, back to 'Like'", async () => {
    signIn();
    const user = userEvent.setup();
    renderVideo({
      '/videos/5': pageData(5, { isLiked: true }),
      'PUT /users/liked/remove-video': { isLiked: false, like_count: 2 },
    });
    await user.click(await screen.findByRole('button', { name: 'Liked' }));
    expect(await screen.findByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('logs a failed like and keeps the state', async () => {
    signIn();
    const user = userEvent.setup();
    const { fetch } = renderVideo({
      '/videos/5': pageData(5, { isLiked: false }),
      'PUT /users/liked/add-video': () => ({ status: 500, data: null, message: 'Server error' }),
    });
    const consoleError = vi.mocked(console.error);
    consoleError.mockClear();
    // The setup fails a test on any console.error; this one is expected, so it is taken here.
    consoleError.mockImplementationOnce(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    expect(consoleError.mock.calls[0]?.[0]).toBe('There was an error liking/unliking this video');
    expect(fetch).toHaveBeenCalledWith('/api/users/liked/add-video', expect.anything());
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Liked' })).not.toBeInTheDocument();
  });

  it('opens the share modal for /videos/{id}', async () => {
    const user = userEvent.setup();
    renderVideo({ '/videos/5': pageData(5) });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share' });
    expect(within(dialog).getByRole('textbox', { name: 'Link to share' })).toHaveValue(
      `${window.location.origin}/videos/5`,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  it('scrolls to the top when a suggested video is opened', async () => {
    const user = userEvent.setup();
    const { router } = renderVideo({ '/videos/5': pageData(5), '/videos/6': pageData(6) });
    await screen.findByRole('heading', { name: 'Song number 5' });
    vi.mocked(window.scrollTo).mockClear();
    await user.click(screen.getByRole('link', { name: cardName('Episode 6') }));
    expect(await screen.findByRole('heading', { name: 'Song number 6' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/videos/6');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("shows the spec's error text for an unknown video, and a way on", async () => {
    renderVideo({}, 999);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error retrieving this video. Please try again later.',
    );
    expect(screen.getByRole('search', { name: 'Search the site' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('offers no way on when the video exists but could not be read', async () => {
    renderVideo({
      '/videos/5': () => ({ status: 503, data: null, message: 'Try again shortly.' }),
    });
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'There was an error retrieving this video. Please try again later.',
    );
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).not.toBeInTheDocument();
  }, 15_000);
});
