import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIKED_PAGE_SIZE as SHARED_PAGE_SIZE } from '@shared/schemas/likes.js';
import { clearSession } from '@client/lib/session.js';
import { cardName } from '@client/testing/catalogue-builders.js';
import { LIKED_PAGE_SIZE } from '../api/liked-content.js';
import {
  buildArtist,
  buildVideo,
  fail,
  FAN,
  likedArtists,
  likedVideos,
  renderAccount,
  sentBody,
} from '../testing/render-account.js';

afterEach(() => act(() => clearSession()));

const unliked = () => ({ status: 200, data: { isLiked: false, like_count: 0 } });

describe('AccountPage access', () => {
  it('sends a signed-out visitor to /', async () => {
    renderAccount({}, null);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('sends an administrator to /', async () => {
    renderAccount({}, { ...FAN, isAdmin: true });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('shows a loading view, then Liked Content and Settings', async () => {
    renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Liked Content' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Account | Twang');
  });

  it('shows the page error when the account cannot be read', async () => {
    renderAccount({ [`GET /users/${FAN.id}`]: fail(500, 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error retrieving account data. Please try again later.',
    );
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  });
});

describe('Liked Content', () => {
  it('lists liked artists and videos, linking to their pages', async () => {
    renderAccount({
      [`GET /users/${FAN.id}/liked-artists`]: likedArtists([buildArtist({ id: 3, name: 'Reba' })]),
      [`GET /users/${FAN.id}/liked-videos`]: likedVideos([buildVideo({ id: 9, title: 'Live' })]),
    });
    expect(await screen.findByRole('link', { name: 'Reba' })).toHaveAttribute('href', '/artists/3');
    expect(await screen.findByRole('link', { name: cardName('Live') })).toHaveAttribute(
      'href',
      '/videos/9',
    );
  });

  it('asks for pages of the size the API uses by default', () => {
    expect(LIKED_PAGE_SIZE).toBe(SHARED_PAGE_SIZE);
  });

  it('loads a long list a page at a time with Load more', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 60 }, (_, n) =>
      buildVideo({ id: n + 1, title: `Song ${n + 1}` }),
    );
    let calls = 0;
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}/liked-videos`]: () => {
        calls += 1;
        const data =
          calls === 1
            ? likedVideos(first, 61)
            : likedVideos([buildVideo({ id: 61, title: 'Song 61' })], 61, 2);
        return { status: 200, data };
      },
    });
    // By text: naming 60 card links by their content is slow in jsdom.
    expect(await screen.findByText('Song 60')).toBeInTheDocument();
    expect(screen.queryByText('Song 61')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Song 61')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const asked = fetch.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('liked-videos'));
    expect(asked).toEqual([
      `/api/users/${FAN.id}/liked-videos?page=1&pageSize=60`,
      `/api/users/${FAN.id}/liked-videos?page=2&pageSize=60`,
    ]);
  });

  it('says when nothing is liked yet', async () => {
    renderAccount();
    expect(await screen.findByText('You have not liked any artists yet.')).toBeInTheDocument();
    expect(await screen.findByText('You have not liked any videos yet.')).toBeInTheDocument();
  });

  it('shows each list error on its own', async () => {
    renderAccount({
      [`GET /users/${FAN.id}/liked-artists`]: fail(500, 'boom'),
      [`GET /users/${FAN.id}/liked-videos`]: fail(500, 'boom'),
    });
    expect(
      await screen.findByText('There was an error retrieving liked artists.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('There was an error retrieving liked videos.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('removes an artist with {userId, artistId} and drops it from the list', async () => {
    const user = userEvent.setup();
    // The server's list: the removal takes Reba out of it, and the page asks for it again.
    let stored = [buildArtist({ id: 3, name: 'Reba' }), buildArtist({ id: 4, name: 'Dolly' })];
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}/liked-artists`]: () => ({ status: 200, data: likedArtists(stored) }),
      'PUT /users/liked/remove-artist': () => {
        stored = stored.filter((artist) => artist.id !== 3);
        return unliked();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Reba' }));
    await waitFor(() => expect(screen.queryByText('Reba')).not.toBeInTheDocument());
    expect(screen.getByText('Dolly')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT', '/users/liked/remove-artist')).toEqual({
      userId: FAN.id,
      artistId: 3,
    });
  });

  it('removes a video with {userId, episodeId}; the last one leaves the empty text', async () => {
    const user = userEvent.setup();
    let stored = [buildVideo({ id: 9, title: 'Live' })];
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}/liked-videos`]: () => ({ status: 200, data: likedVideos(stored) }),
      'PUT /users/liked/remove-video': () => {
        stored = [];
        return unliked();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Live' }));
    expect(await screen.findByText('You have not liked any videos yet.')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT', '/users/liked/remove-video')).toEqual({
      userId: FAN.id,
      episodeId: 9,
    });
  });

  it('keeps the item and only logs when the removal fails', async () => {
    const user = userEvent.setup();
    renderAccount({
      [`GET /users/${FAN.id}/liked-videos`]: likedVideos([buildVideo({ id: 9, title: 'Live' })]),
      'PUT /users/liked/remove-video': fail(404, 'Video not found.'),
    });
    const list = within(
      (await screen.findByRole('link', { name: cardName('Live') })).closest('ul')!,
    );
    // The setup fails a test on any console.error; this one is expected, so it is only recorded.
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Remove Live' }));
    await waitFor(() => expect(vi.mocked(console.error)).toHaveBeenCalled());
    expect(vi.mocked(console.error).mock.calls).toEqual([
      ['There was an error liking/unliking this video'],
    ]);
    vi.mocked(console.error).mockClear();
    expect(list.getByRole('link', { name: cardName('Live') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Live' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
