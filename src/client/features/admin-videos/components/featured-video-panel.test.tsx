import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminVideosMessages } from '@shared/messages/admin-videos.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { callsTo, fail, FEATURED, renderVideosPage } from '../testing/videos-page-render.js';

async function featuredPanel() {
  const panel = within(await screen.findByRole('region', { name: 'Featured Video' }));
  await panel.findByLabelText('Featured Video Title');
  return panel;
}

const NEW_LINK = 'https://youtu.be/zyxwvutsrqp';

describe('Featured Video panel', () => {
  it('starts from the saved title and link, and shows the linked video', async () => {
    renderVideosPage();
    expect(await screen.findByText('Loading the featured video…')).toBeInTheDocument();
    const panel = await featuredPanel();
    expect(panel.getByLabelText('Featured Video Title')).toHaveValue(FEATURED.title);
    expect(panel.getByLabelText('Linked Video Link')).toHaveValue(FEATURED.link);
    expect(panel.getByText(FEATURED.video!.title)).toBeInTheDocument();
    expect(panel.getByText('Public')).toBeInTheDocument();
  });

  it('says when the link is not a video of the catalogue', async () => {
    renderVideosPage({ 'GET /admin/videos/featured': { ...FEATURED, video: null } });
    const panel = await featuredPanel();
    expect(panel.getByText(ui.featuredNotInCatalogue)).toBeInTheDocument();
  });

  it('checks both fields before sending anything', async () => {
    const user = userEvent.setup();
    const { fetch } = renderVideosPage();
    const panel = await featuredPanel();
    await user.clear(panel.getByLabelText('Featured Video Title'));
    await user.clear(panel.getByLabelText('Linked Video Link'));
    await user.click(panel.getByRole('button', { name: 'Save Changes' }));
    expect(panel.getByLabelText('Featured Video Title')).toHaveAccessibleDescription(
      adminVideosMessages.featuredTitleRequired,
    );
    expect(panel.getByLabelText('Linked Video Link')).toHaveAccessibleDescription(
      adminVideosMessages.featuredLinkRequired,
    );
    expect(panel.getByLabelText('Featured Video Title')).toHaveFocus();
    await user.type(panel.getByLabelText('Linked Video Link'), 'https://vimeo.com/1');
    expect(panel.getByLabelText('Linked Video Link')).toHaveAccessibleDescription(
      apiMessages.youtubeLinkInvalid,
    );
    expect(callsTo(fetch, 'PUT', '/admin/videos/featured')).toEqual([]);
  });

  it.each([200, 201])(
    "saves the title and link and says 'Featured Video Updated' (%i)",
    async (status) => {
      const user = userEvent.setup();
      const { fetch } = renderVideosPage({
        'PUT /admin/videos/featured': () => ({
          status,
          data: { title: 'Fresh Pick', link: NEW_LINK, video: null },
          message: 'Featured video updated',
        }),
      });
      const panel = await featuredPanel();
      await user.clear(panel.getByLabelText('Featured Video Title'));
      await user.type(panel.getByLabelText('Featured Video Title'), ' Fresh Pick ');
      await user.clear(panel.getByLabelText('Linked Video Link'));
      await user.type(panel.getByLabelText('Linked Video Link'), NEW_LINK);
      await user.click(panel.getByRole('button', { name: 'Save Changes' }));
      expect(await panel.findByRole('status')).toHaveTextContent(adminUiMessages.featuredUpdated);
      expect(callsTo(fetch, 'PUT', '/admin/videos/featured')[0]?.body).toEqual({
        title: 'Fresh Pick',
        link: NEW_LINK,
      });
      // The preview follows what was saved.
      expect(panel.getByText(ui.featuredNotInCatalogue)).toBeInTheDocument();
    },
  );

  it("says 'Error updating featured video' with the server's reason", async () => {
    const user = userEvent.setup();
    renderVideosPage({
      'PUT /admin/videos/featured': fail(400, apiMessages.youtubeLinkInvalid),
    });
    const panel = await featuredPanel();
    await user.click(panel.getByRole('button', { name: 'Save Changes' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(
      `${adminUiMessages.featuredUpdateFailed} (${apiMessages.youtubeLinkInvalid})`,
    );
  });

  it('logs a failed load, says so, and can try again', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const user = userEvent.setup();
    let calls = 0;
    renderVideosPage({
      'GET /admin/videos/featured': () =>
        ++calls === 1
          ? { status: 500, data: null, message: 'Boom' }
          : { status: 200, data: FEATURED },
    });
    const panel = within(await screen.findByRole('region', { name: 'Featured Video' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(ui.featuredLoadFailed);
    expect(console.error).toHaveBeenCalledWith(ui.featuredLoadFailed, expect.anything());
    await user.click(panel.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(panel.getByLabelText('Featured Video Title')).toHaveValue(FEATURED.title),
    );
  });
});
