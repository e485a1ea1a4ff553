import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { adminEditorUiMessages as t } from '@shared/messages/admin-editor-ui.js';
import { adminUiMessages as ui } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { validationMessages } from '@shared/messages/validation.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { clearSession } from '@client/lib/session.js';
import { holdEveryFetch } from '@client/testing/fetch-calls.js';
import {
  createdTags,
  fail,
  importedVideo,
  renderEditor,
  savedEcho,
  sentBodies,
} from '../testing/editor-render.js';

afterEach(() => act(() => clearSession()));

const OLD_TAG = { id: 9, name: 'Old Tag' };
const KEPT_TAG = { id: 8, name: 'Kept' };

function renderVideo(video: Video = importedVideo({ tags: [KEPT_TAG, OLD_TAG] }), api = {}) {
  const rendered = renderEditor('/admin/editVideo/7', {
    'GET /videos/7': { video, suggestedVideos: [] },
    'PUT /admin/videos': savedEcho(video),
    'POST /tags': createdTags(),
    'PUT /tags': { tags: [] },
    'DELETE /tags': { tags: [] },
    ...api,
  });
  return { ...rendered, user: userEvent.setup() };
}

const chips = () => screen.getByRole('list', { name: 'Tags of this video' });
const chipNames = () =>
  within(chips())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.editor-tag__name')?.textContent);

async function addTagNamed(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.type(await screen.findByLabelText('Tags'), name);
  await user.click(screen.getByRole('button', { name: 'Add' }));
}

describe('Publish: every field must be filled', () => {
  it('asks to fill everything when a field is empty, marks it and sends nothing', async () => {
    const { user, fetch } = renderVideo();
    const description = await screen.findByLabelText('Description');
    await user.clear(description);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert')).toHaveTextContent(validationMessages.videoFillAll);
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveFocus();
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([]);
    // The mark follows the typing.
    await user.type(description, 'Back again');
    expect(description).not.toHaveAttribute('aria-invalid');
  });

  it.each([['YouTube link'], ['Title'], ['Episode Number'], ['Description']])(
    'an empty %s is refused',
    async (label) => {
      const { user, fetch } = renderVideo();
      await user.clear(await screen.findByLabelText(label));
      await user.click(screen.getByRole('button', { name: 'Publish' }));
      expect(screen.getByRole('alert')).toHaveTextContent(validationMessages.videoFillAll);
      expect(screen.getByLabelText(label)).toHaveFocus();
      expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([]);
    },
  );

  it('on a new form, every field is needed, then the video must be found first', async () => {
    const user = userEvent.setup();
    const { fetch } = renderEditor('/admin/newVideo');
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert')).toHaveTextContent(validationMessages.videoFillAll);
    expect(screen.getByLabelText('YouTube link')).toHaveFocus();
    await user.type(screen.getByLabelText('YouTube link'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Episode Number'), '-1');
    await user.type(screen.getByLabelText('Description'), 'D');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.findFirst);
    expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([]);
  });

  it('refuses an episode number the API would refuse, next to the field', async () => {
    const { user, fetch } = renderVideo();
    const episode = await screen.findByLabelText('Episode Number');
    await user.clear(episode);
    await user.type(episode, 'twelve');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(episode).toHaveFocus();
    expect(episode).toHaveAccessibleDescription(`${t.episodeNumberInvalid} ${t.episodeHint}`);
    expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([]);
  });

  it('refuses a link changed to another video without Find Video', async () => {
    const { user, fetch } = renderVideo();
    const link = await screen.findByLabelText('YouTube link');
    await user.clear(link);
    await user.type(link, 'https://youtu.be/abcdefghijk');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.linkChanged);
    expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([]);
  });
});

describe('Publish: what is sent', () => {
  it('saves the fields, then the three tag lists, and says so', async () => {
    const { user, fetch } = renderVideo();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, '  Porch Light Waltz ');
    const episode = screen.getByLabelText('Episode Number');
    await user.clear(episode);
    await user.type(episode, '42');
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'June plays the porch.');
    await user.click(screen.getByRole('radio', { name: 'Public' }));
    // An existing tag typed in another case is reused; a new name becomes a new tag.
    await addTagNamed(user, 'bluegrass');
    expect(await screen.findByText('Tag Bluegrass added.')).toBeVisible();
    await addTagNamed(user, 'Honky Tonk');
    await user.type(screen.getByLabelText('Tags'), 'Fiddle{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove tag Old Tag' }));
    // Removing an unsaved tag only drops it from the new list.
    await user.click(screen.getByRole('button', { name: 'Remove tag Fiddle' }));
    expect(chipNames()).toEqual(['Kept', 'Bluegrass', 'Honky Tonk']);
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([
      {
        id: 7,
        title: 'Porch Light Waltz',
        description: 'June plays the porch.',
        episode_number: '42',
        public_state: '1',
      },
    ]);
    expect(sentBodies(fetch, 'POST', '/tags')).toEqual([{ id: '7', name: 'Honky Tonk' }]);
    expect(sentBodies(fetch, 'PUT', '/tags')).toEqual([{ epid: '7', tagid: [3] }]);
    expect(sentBodies(fetch, 'DELETE', '/tags')).toEqual([{ epid: '7', tagid: [9] }]);
    // Everything is saved now: no chip waits, and the public page is one click away.
    expect(chipNames()).toEqual(['Kept', 'Bluegrass', 'Honky Tonk']);
    expect(within(chips()).queryByText('(not saved yet)')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', '/videos/7');
    expect(screen.getByText('Public', { selector: '.admin-badge' })).toBeVisible();
  });

  it("sends '-1' for no episode number, '0' for Private, and no tag calls without tag changes", async () => {
    const { user, fetch } = renderVideo(importedVideo({ epnum: null, episode_number: null }));
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([
      expect.objectContaining({ episode_number: '-1', public_state: '0' }),
    ]);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(sentBodies(fetch, method, '/tags')).toEqual([]);
    }
    expect(screen.queryByRole('link', { name: 'View on site' })).not.toBeInTheDocument();
  });

  it('schedules a Private video: the time typed in local time goes as UTC, and the badge says until when', async () => {
    const { user, fetch } = renderVideo();
    const field = await screen.findByLabelText(t.publishAtLabel);
    expect(field).toHaveAttribute('type', 'datetime-local');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('turns Public by itself'));
    await user.type(field, '2026-12-04T19:00');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    const at = new Date(2026, 11, 4, 19, 0).toISOString();
    expect(sentBodies(fetch, 'PUT', '/admin/videos')).toEqual([
      expect.objectContaining({ public_state: '0', publish_at: at }),
    ]);
    expect(screen.getByText(/^Private until /, { selector: '.admin-badge' })).toBeVisible();
    // Public needs no time: the field goes, and none is sent.
    await user.click(screen.getByLabelText('Public'));
    expect(screen.queryByLabelText(t.publishAtLabel)).not.toBeInTheDocument();
  });

  it("'No episode number' clears and locks the field, and sends '-1'; unticked, the typed number goes", async () => {
    const { user, fetch } = renderVideo(importedVideo({ epnum: null, episode_number: null }));
    const none = await screen.findByRole('checkbox', { name: 'No episode number' });
    await user.click(none);
    const episode = screen.getByLabelText('Episode Number');
    expect(episode).toBeEnabled();
    await user.type(episode, '17');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    await user.click(none);
    expect(episode).toBeDisabled();
    expect(episode).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/admin/videos')).toHaveLength(2));
    expect(
      sentBodies(fetch, 'PUT', '/admin/videos').map(
        (body) => (body as { episode_number: string }).episode_number,
      ),
    ).toEqual(['17', '-1']);
  });

  it('asks before leaving with unsaved edits: Stay keeps them, Leave goes; after Publish it does not ask', async () => {
    const { user, router } = renderVideo();
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' (edited)');
    await act(() => router.navigate('/admin/videos'));
    const dialog = await screen.findByRole('dialog', { name: t.unsavedTitle });
    await user.click(within(dialog).getByRole('button', { name: t.unsavedStay }));
    expect(router.state.location.pathname).toBe('/admin/editVideo/7');
    expect(screen.getByLabelText('Title')).toHaveValue(`${importedVideo().title} (edited)`);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    await act(() => router.navigate('/admin/videos'));
    expect(await screen.findByText('Videos screen')).toBeInTheDocument();
  });

  it('lets an admin leave without saving when they say so', async () => {
    const { user, router } = renderVideo();
    await user.type(await screen.findByLabelText('Title'), '!');
    await act(() => router.navigate('/admin/videos'));
    const dialog = await screen.findByRole('dialog', { name: t.unsavedTitle });
    await user.click(within(dialog).getByRole('button', { name: t.unsavedLeave }));
    expect(await screen.findByText('Videos screen')).toBeInTheDocument();
  });

  it('re-adding a removed saved tag undoes the removal (by name or with Keep)', async () => {
    const { user, fetch } = renderVideo();
    await user.click(await screen.findByRole('button', { name: 'Remove tag Old Tag' }));
    expect(screen.getByText(/To be removed:/)).toHaveTextContent('Old Tag');
    await addTagNamed(user, 'old tag');
    expect(await screen.findByText('Tag Old Tag kept.')).toBeVisible();
    expect(screen.queryByText(/To be removed:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove tag Kept' }));
    await user.click(screen.getByRole('button', { name: 'Keep Kept' }));
    expect(chipNames()).toEqual(['Kept', 'Old Tag']);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    expect(sentBodies(fetch, 'DELETE', '/tags')).toEqual([]);
    // The saved tags were found without asking the server.
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/tags?q=old'))).toEqual(
      [],
    );
  });

  it('says when a tag is already there, and suggests existing tags', async () => {
    const { user, container } = renderVideo();
    await addTagNamed(user, 'KEPT');
    // The video's own tag is found whatever the case typed.
    expect(await screen.findByText('Kept is already on this video.')).toBeVisible();
    expect(chipNames()).toEqual(['Kept', 'Old Tag']);
    await user.type(screen.getByLabelText('Tags'), 'Blu');
    const list = container.querySelector('datalist');
    await vi.waitFor(() =>
      expect([...(list?.options ?? [])].map((option) => option.value)).toEqual([
        'Bluegrass',
        'Live Shows',
      ]),
    );
  });

  it('a failed suggestion list is logged and said; a typed name still becomes a tag', async () => {
    // Logged once per failed lookup; how many depends on the typing pause, so all are expected.
    const logging = vi.mocked(console.error).getMockImplementation();
    vi.mocked(console.error).mockImplementation(() => undefined);
    onTestFinished(() => {
      vi.mocked(console.error).mockImplementation(logging ?? (() => undefined));
    });
    const { user, fetch } = renderVideo(undefined, { 'GET /tags': fail(500, 'Down') });
    await addTagNamed(user, 'Bluegrass');
    expect(await screen.findByText(t.tagSuggestionsFailed)).toBeVisible();
    expect(console.error).toHaveBeenCalledWith(t.tagSuggestionsFailed, expect.anything());
    expect(chipNames()).toContain('Bluegrass');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    // Sent as a name: the server reuses the existing tag of that name.
    expect(sentBodies(fetch, 'POST', '/tags')).toEqual([{ id: '7', name: 'Bluegrass' }]);
  });

  it("'Error updating video' with the server's reason when the save fails", async () => {
    const { user } = renderVideo(undefined, {
      'PUT /admin/videos': fail(503, 'The service is briefly unavailable.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${ui.videoUpdateFailed} (The service is briefly unavailable.)`,
    );
  });

  it('shows a refusal naming a field by its label under that field', async () => {
    const { user } = renderVideo(undefined, {
      'PUT /admin/videos': fail(400, 'Title must be at most 200 characters'),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ui.videoUpdateFailed);
    expect(alert).not.toHaveTextContent('200 characters');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      'Title must be at most 200 characters',
    );
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxlength', '200');
  });

  it('a failed tag call is a failed update too, and Publish can be pressed again', async () => {
    let tagAnswer = fail(404, `${apiMessages.tagNotFound} Unknown tag ids: 3`);
    const { user, fetch } = renderVideo(undefined, { 'PUT /tags': () => tagAnswer() });
    await addTagNamed(user, 'Bluegrass');
    await screen.findByText('Tag Bluegrass added.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${ui.videoUpdateFailed} (${apiMessages.tagNotFound} Unknown tag ids: 3)`,
    );
    // The tag still waits to be saved.
    expect(within(chips()).getByText('(not saved yet)')).toBeInTheDocument();
    tagAnswer = () => ({ status: 200, data: { tags: [] }, message: 'OK' });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
    expect(sentBodies(fetch, 'PUT', '/tags')).toHaveLength(2);
  });

  it('says Publishing… and blocks the buttons while saving', async () => {
    const video = importedVideo();
    const { user } = renderVideo(video, {
      'PUT /admin/videos': (init?: RequestInit) => savedEcho(video)(init),
    });
    await screen.findByLabelText('Title');
    const release = holdEveryFetch();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('button', { name: 'Publishing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Find Video' })).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByRole('status')).toHaveTextContent(ui.videoUpdated);
  });
});
