import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminEditorUiMessages as t } from '@shared/messages/admin-editor-ui.js';
import { adminUiMessages as ui } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { clearSession, getSession } from '@client/lib/session.js';
import { holdEveryFetch } from '@client/testing/fetch-calls.js';
import { ADMIN, calledUrls, fail, importedVideo, renderEditor } from '../testing/editor-render.js';

afterEach(() => act(() => clearSession()));

const LINK = 'https://youtu.be/dQw4w9WgXcQ';
const imported =
  (data = importedVideo()) =>
  () => ({ status: 201, data });

async function typeLink(link: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('YouTube link');
  await user.type(field, link);
  return { user, field };
}

describe('New Video: find a video by its YouTube link', () => {
  it('shows an empty form titled New Video', async () => {
    renderEditor('/admin/newVideo');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Video' })).toBeVisible();
    for (const label of ['YouTube link', 'Title', 'Episode Number', 'Description', 'Tags']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked();
    expect(screen.getByText(t.noVideoYet)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Discard' })).toHaveAttribute(
      'href',
      '/admin/newVideo',
    );
    expect(screen.queryByRole('link', { name: 'View on site' })).not.toBeInTheDocument();
  });

  it('Enter in the link field imports the video, then the form edits it', async () => {
    const { fetch, router } = renderEditor('/admin/newVideo', {
      'GET /admin/videos/import': imported(),
    });
    await typeLink(`${LINK}{Enter}`);
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoImported);
    expect(calledUrls(fetch, '/admin/videos/import')).toEqual([
      `/api/admin/videos/import?link=${encodeURIComponent(LINK)}`,
    ]);
    expect(router.state.location.pathname).toBe('/admin/editVideo/7');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Video' })).toBeVisible();
    // The form now holds the imported video's id, public state and fields.
    expect(screen.getByText('Video #7')).toBeVisible();
    expect(screen.getByText('Private', { selector: '.admin-badge' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked();
    expect(screen.getByLabelText('Title')).toHaveValue('Twang Sessions Episode 12: June Caldwell');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Episode Number')).toHaveValue('12');
    expect(screen.getByLabelText('Description')).toHaveValue('Live from the barn.');
    expect(screen.getByLabelText('YouTube link')).toHaveValue(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(screen.getByRole('img', { name: /Thumbnail of Twang Sessions/ })).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    // The message was carried once: it is not in the history entry any more.
    expect(router.state.location.state).toBeNull();
    // The video came with the import: no second load.
    expect(calledUrls(fetch, '/videos/7')).toEqual([]);
  });

  it('the Find Video button imports too; 409 says the video is already imported', async () => {
    const { router } = renderEditor('/admin/newVideo', {
      'GET /admin/videos/import': fail(409, apiMessages.videoAlreadyImported),
    });
    const { user } = await typeLink(LINK);
    await user.click(screen.getByRole('button', { name: 'Find Video' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ui.videoAlreadyImported);
    expect(alert).not.toHaveTextContent('(');
    expect(router.state.location.pathname).toBe('/admin/newVideo');
  });

  it('a YouTube credentials failure (401) asks to sign in to YouTube and keeps the admin signed in', async () => {
    renderEditor('/admin/newVideo', {
      'GET /admin/videos/import': fail(401, apiMessages.youtubeSignIn),
    });
    await typeLink(`${LINK}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.youtubeSignIn);
    expect(getSession()).toEqual(ADMIN);
    expect(screen.getByRole('heading', { name: 'New Video' })).toBeVisible();
  });

  it('a 401 about the session itself ends the session, as every other call does', async () => {
    renderEditor('/admin/newVideo', {
      'GET /admin/videos/import': fail(401, apiMessages.sessionExpired),
    });
    await typeLink(`${LINK}{Enter}`);
    await waitFor(() => expect(getSession()).toBeNull());
  });

  it("any other failure is 'Error getting video' with the server's reason", async () => {
    renderEditor('/admin/newVideo', {
      'GET /admin/videos/import': fail(502, apiMessages.youtubeUnavailable),
    });
    await typeLink(`${LINK}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${ui.videoImportFailed} (${apiMessages.youtubeUnavailable})`,
    );
  });

  it('checks the link before calling: empty, or not a YouTube link', async () => {
    const { fetch } = renderEditor('/admin/newVideo');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Find Video' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.linkRequired);
    expect(screen.getByLabelText('YouTube link')).toHaveFocus();
    await user.type(screen.getByLabelText('YouTube link'), 'https://vimeo.com/123{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      `${ui.videoImportFailed} (${apiMessages.youtubeLinkInvalid})`,
    );
    expect(calledUrls(fetch, '/admin/videos/import')).toEqual([]);
  });

  it('says Finding… and blocks a second click while importing', async () => {
    renderEditor('/admin/newVideo', {
      'GET /admin/videos/import': imported(),
    });
    const answer = holdEveryFetch();
    await typeLink(`${LINK}{Enter}`);
    expect(screen.getByRole('button', { name: 'Finding…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await act(async () => answer());
    expect(await screen.findByRole('heading', { name: 'Edit Video' })).toBeVisible();
  });
});

describe('Edit Video: loads the video by id', () => {
  const page = (video = importedVideo({ tags: [{ id: 9, name: 'Old Tag' }] })) => ({
    'GET /videos/7': { video, suggestedVideos: [] },
  });

  it('shows the loading view, then the same form filled in', async () => {
    renderEditor('/admin/editVideo/7', page());
    expect(screen.getByRole('status')).toHaveTextContent('Loading the video…');
    expect(await screen.findByLabelText('Title')).toHaveValue(
      'Twang Sessions Episode 12: June Caldwell',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Video' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Tags of this video' })).toHaveTextContent('Old Tag');
    expect(screen.getByText('Video #7')).toBeVisible();
  });

  it("a video without an episode number has 'No episode number' ticked; a public one links to its page", async () => {
    renderEditor('/admin/editVideo/7', page(importedVideo({ epnum: null, public_state: true })));
    const episode = await screen.findByLabelText('Episode Number');
    expect(episode).toHaveValue('');
    expect(episode).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'No episode number' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', '/videos/7');
  });

  it('logs a failed load and shows an error with ways on', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderEditor('/admin/editVideo/7', { 'GET /videos/7': fail(404, apiMessages.videoNotFound) });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    expect(console.error).toHaveBeenCalledWith(t.loadFailed, expect.anything());
    expect(screen.getByRole('link', { name: 'New Video' })).toHaveAttribute(
      'href',
      '/admin/newVideo',
    );
  });

  it('a thumbnail that does not load gives way to a plain box', async () => {
    renderEditor('/admin/editVideo/7', page());
    const image = await screen.findByRole('img', { name: /Thumbnail of/ });
    fireEvent.error(image);
    expect(screen.getByText(t.noThumbnail)).toBeVisible();
    expect(screen.queryByRole('img', { name: /Thumbnail of/ })).not.toBeInTheDocument();
  });

  it('plays the video on request, from the privacy-enhanced host, without autoplay', async () => {
    const user = userEvent.setup();
    renderEditor('/admin/editVideo/7', page());
    await user.click(await screen.findByRole('button', { name: 'Play preview' }));
    const player = screen.getByTitle(/^Player: /);
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(player.getAttribute('allow')).not.toContain('autoplay');
    await user.click(screen.getByRole('button', { name: 'Hide player' }));
    expect(screen.queryByTitle(/^Player: /)).not.toBeInTheDocument();
  });
});

describe('Discard', () => {
  it('goes to /admin/newVideo and starts the form afresh', async () => {
    const user = userEvent.setup();
    const { router } = renderEditor('/admin/newVideo');
    await user.type(await screen.findByLabelText('Title'), 'Half typed');
    await user.type(screen.getByLabelText('Tags'), 'Fiddle{Enter}');
    expect(await screen.findByRole('list', { name: 'Tags of this video' })).toHaveTextContent(
      'Fiddle',
    );
    await user.click(screen.getByRole('link', { name: 'Discard' }));
    expect(router.state.location.pathname).toBe('/admin/newVideo');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Tags of this video' })).not.toBeInTheDocument();
    // Again from the fresh form: still a fresh start.
    await user.type(screen.getByLabelText('Title'), 'Again');
    await user.click(screen.getByRole('link', { name: 'Discard' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('from an edited video leads to an empty New Video form', async () => {
    const user = userEvent.setup();
    const { router } = renderEditor('/admin/editVideo/7', {
      'GET /videos/7': { video: importedVideo(), suggestedVideos: [] },
    });
    await user.click(await screen.findByRole('link', { name: 'Discard' }));
    expect(router.state.location.pathname).toBe('/admin/newVideo');
    expect(screen.getByRole('heading', { level: 1, name: 'New Video' })).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });
});
