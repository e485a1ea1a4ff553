import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import {
  callsTo,
  fail,
  renderVideosPage,
  searchResult,
  video,
} from '../testing/videos-page-render.js';

afterEach(() => vi.useRealTimers());

const PUBLIC = video(7, 'Maple Creek – Long Road Home');
const PRIVATE = video(8, 'Maple Creek – Draft Cut', { public_state: false, episode_number: null });

async function allVideos() {
  return within(await screen.findByRole('region', { name: 'All Videos' }));
}

describe('All Videos panel', () => {
  it("starts with 'No results based on search' and a New Video link, without a call", async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderVideosPage();
    const panel = await allVideos();
    expect(panel.getByText(adminUiMessages.noSearchResults)).toBeInTheDocument();
    // An empty search stays empty and asks nothing.
    await user.type(panel.getByLabelText('Search videos by title'), '   {Enter}');
    expect(panel.getByText(adminUiMessages.noSearchResults)).toBeInTheDocument();
    expect(callsTo(fetch, 'GET', '/admin/search/videos/')).toEqual([]);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/admin/search/'))).toBe(false);
    await user.click(panel.getByRole('link', { name: 'New Video' }));
    expect(router.state.location.pathname).toBe('/admin/newVideo');
  });

  it('searches on Enter, lower-cased, and lists each video with its label and links', async () => {
    const user = userEvent.setup();
    const { fetch } = renderVideosPage({
      'GET /admin/search/videos/maple%20creek': searchResult([PUBLIC, PRIVATE]),
    });
    const panel = await allVideos();
    await user.type(panel.getByLabelText('Search videos by title'), 'Maple Creek{Enter}');
    const list = within(await panel.findByRole('list', { name: 'Videos found' }));
    expect(callsTo(fetch, 'GET', '/admin/search/videos/maple%20creek')[0]?.url).toBe(
      '/api/admin/search/videos/maple%20creek?page=1&pageSize=20',
    );
    expect(panel.getByText('2 videos found')).toBeInTheDocument();
    const rows = list.getAllByRole('listitem');
    expect(within(rows[0]!).getByText(PUBLIC.title)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Public')).toBeInTheDocument();
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', PUBLIC.thumbnail);
    expect(within(rows[1]!).getByText('Private')).toBeInTheDocument();
    expect(list.getByRole('link', { name: `Edit ${PUBLIC.title}` })).toHaveAttribute(
      'href',
      '/admin/editVideo/7',
    );
    expect(list.getByRole('button', { name: `Delete ${PRIVATE.title}` })).toBeInTheDocument();
  });

  it("runs from the Search button too, and says 'No results based on search' for none", async () => {
    const user = userEvent.setup();
    renderVideosPage({ 'GET /admin/search/videos/zzz': searchResult([]) });
    const panel = await allVideos();
    await user.type(panel.getByLabelText('Search videos by title'), 'zzz');
    await user.click(panel.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(panel.getByRole('status')).toHaveTextContent(adminUiMessages.noSearchResults),
    );
    expect(panel.queryByRole('list', { name: 'Videos found' })).not.toBeInTheDocument();
  });

  it('pages through many results with Previous and Next', async () => {
    const user = userEvent.setup();
    const { fetch } = renderVideosPage({
      'GET /admin/search/videos/creek': searchResult([PUBLIC], 45),
    });
    const panel = await allVideos();
    await user.type(panel.getByLabelText('Search videos by title'), 'creek{Enter}');
    const pager = within(await panel.findByRole('navigation', { name: 'Search result pages' }));
    expect(panel.getByText('45 videos found')).toBeInTheDocument();
    expect(pager.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.getByText('Page 2 of 3')).toBeInTheDocument());
    expect(callsTo(fetch, 'GET', '/admin/search/videos/creek').map((call) => call.url)).toContain(
      '/api/admin/search/videos/creek?page=2&pageSize=20',
    );
  });

  it('opens with the search of the address (back from the editor)', async () => {
    renderVideosPage(
      { 'GET /admin/search/videos/creek': searchResult([PUBLIC]) },
      '/admin/videos?q=creek',
    );
    const panel = await allVideos();
    expect(panel.getByLabelText('Search videos by title')).toHaveValue('creek');
    expect(await panel.findByText(PUBLIC.title)).toBeInTheDocument();
  });

  it('logs a failed search and says so; the other panels keep working', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const user = userEvent.setup();
    renderVideosPage({ 'GET /admin/search/videos/creek': fail(500, 'Boom') });
    const panel = await allVideos();
    await user.type(panel.getByLabelText('Search videos by title'), 'creek{Enter}');
    expect(await panel.findByRole('alert')).toHaveTextContent(ui.searchFailed);
    expect(console.error).toHaveBeenCalledWith(ui.searchFailed, expect.anything());
    expect(screen.getByRole('button', { name: 'Move Bluegrass' })).toBeInTheDocument();
  });
});

describe('Confirm Video Deletion', () => {
  async function openDelete(
    deleteAnswer: () => { status: number; data: unknown; message?: string },
  ) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let deleted = false;
    const result = renderVideosPage({
      'GET /admin/search/videos/creek': () => ({
        status: 200,
        data: searchResult(deleted ? [PRIVATE] : [PUBLIC, PRIVATE]),
      }),
      'DELETE /admin/videos': () => {
        const answer = deleteAnswer();
        deleted = answer.status === 200;
        return answer;
      },
    });
    const panel = await allVideos();
    await user.type(panel.getByLabelText('Search videos by title'), 'creek{Enter}');
    await user.click(await panel.findByRole('button', { name: `Delete ${PUBLIC.title}` }));
    const dialog = within(
      screen.getByRole('dialog', { name: adminUiMessages.confirmVideoDeletion }),
    );
    return { user, panel, dialog, ...result };
  }

  it('shows the video and the texts, deletes, then closes after 3 s and refreshes', async () => {
    const { user, panel, dialog, fetch } = await openDelete(() => ({
      status: 200,
      data: null,
      message: 'Video deleted',
    }));
    expect(dialog.getByText(PUBLIC.title)).toBeInTheDocument();
    expect(screen.getByRole('dialog').querySelector('img')).toHaveAttribute(
      'src',
      PUBLIC.thumbnail,
    );
    expect(dialog.getByText(adminUiMessages.deleteVideoQuestion)).toBeInTheDocument();
    expect(dialog.getByText(adminUiMessages.videoStaysOnYoutube)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete Video' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(adminUiMessages.videoDeleted);
    expect(callsTo(fetch, 'DELETE', '/admin/videos')[0]?.body).toEqual({ id: '7' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(panel.queryByText(PUBLIC.title)).not.toBeInTheDocument());
    expect(panel.getByText(PRIVATE.title)).toBeInTheDocument();
    await waitFor(() => expect(panel.getByText('1 video found')).toHaveFocus());
  });

  it("says 'Error deleting video' for 3 s and stays open", async () => {
    const { user, dialog } = await openDelete(fail(404, 'Video not found.'));
    await user.click(dialog.getByRole('button', { name: 'Delete Video' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      `${adminUiMessages.videoDeleteFailed} (Video not found.)`,
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
