import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { DEFAULT_LOGO } from '@client/components/catalogue/artist-image.js';
import { closeAuthModal, useAuthModal } from '@client/lib/auth-modal.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { renderPage } from '@client/testing/render.js';
import { ArtistPage } from './artist-page.js';
import { buildArtist, buildVideo } from '@client/testing/catalogue-builders.js';

function ModalProbe() {
  return <output data-testid="auth-modal">{useAuthModal().open ? 'open' : 'closed'}</output>;
}

const detail = (isLiked: boolean) => ({
  artist: buildArtist(4, 'Loretta Jessup', { isLiked, tagid: 16 }),
  videos: [
    buildVideo(11, 'Loretta Jessup – Muddy Prayer'),
    buildVideo(12, 'Loretta Jessup – Sweet Train'),
  ],
  tagid: 16,
});
const signIn = () => setSession({ id: 7, firstName: 'Ann', isAdmin: false, token: 'token' });

function renderArtist(api: Record<string, unknown>) {
  return renderPage(
    <>
      <ArtistPage />
      <ModalProbe />
    </>,
    { path: '/artists/4', pattern: '/artists/:id', api },
  );
}

afterEach(() => {
  clearSession();
  closeAuthModal();
});

describe('ArtistPage', () => {
  it('asks a signed-out visitor to sign up and opens the auth modal', async () => {
    renderArtist({ '/artists/4': detail(false) });
    expect(screen.getByText(t.artistSignUpPrompt)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('auth-modal')).toHaveTextContent('open'));
    expect(screen.queryByRole('heading', { name: 'Loretta Jessup' })).not.toBeInTheDocument();
  });

  it('shows portrait, name, biography, related videos and View All to the artist tag', async () => {
    signIn();
    renderArtist({ '/artists/4': detail(false) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Loretta Jessup' })).toBeVisible();
    expect(screen.getByText('Loretta Jessup sings about back roads.')).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related Videos' });
    expect(within(related).getAllByRole('listitem')).toHaveLength(2);
    expect(within(related).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/categories/16',
    );
    await waitFor(() => expect(document.title).toBe('Loretta Jessup | Twang'));
  });

  it('shows the default logo when the portrait fails to load', async () => {
    signIn();
    renderArtist({ '/artists/4': detail(false) });
    const image = await screen.findByRole('img', { name: 'Loretta Jessup' });
    // The page's own portrait is above the fold: fetched at once, first, its box reserved.
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('width', '240');
    expect(image).toHaveAttribute('height', '240');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DEFAULT_LOGO);
  });

  it('likes and unlikes, changing state only on the server answer', async () => {
    signIn();
    const bodies: unknown[] = [];
    const answer = (isLiked: boolean) => (init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return { status: 200, data: { isLiked, like_count: isLiked ? 1 : 0 } };
    };
    renderArtist({
      '/artists/4': detail(false),
      'PUT /users/liked/add-artist': answer(true),
      'PUT /users/liked/remove-artist': answer(false),
    });
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    const liked = await screen.findByRole('button', { name: 'Liked' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(liked);
    expect(await screen.findByRole('button', { name: 'Like' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { userId: 7, artistId: 4 },
      { userId: 7, artistId: 4 },
    ]);
  });

  it('logs a failed like and leaves the button as it was', async () => {
    signIn();
    renderArtist({
      '/artists/4': detail(false),
      'PUT /users/liked/add-artist': () => ({ status: 500, data: null, message: 'boom' }),
    });
    const logged = vi.mocked(console.error);
    logged.mockClear();
    // The expected log is kept from the setup's "no console.error" check.
    logged.mockImplementationOnce(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(logged.mock.calls[0]?.[0]).toBe(t.likeFailed);
    expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Liked' })).not.toBeInTheDocument();
  });

  it('opens the share modal for the artist', async () => {
    signIn();
    renderArtist({ '/artists/4': detail(true) });
    expect(await screen.findByRole('button', { name: 'Liked' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share' });
    expect(within(dialog).getByRole('textbox', { name: 'Link to share' })).toHaveValue(
      `${window.location.origin}/artists/4`,
    );
  });

  it('shows the load error when the artist cannot be read', async () => {
    signIn();
    renderArtist({
      '/artists/4': () => ({ status: 404, data: null, message: 'Artist not found.' }),
    });
    expect(await screen.findByText(t.artistLoadError)).toBeInTheDocument();
  });
});
