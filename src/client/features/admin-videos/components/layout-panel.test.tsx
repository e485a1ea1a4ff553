import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminEditorUiMessages as editor } from '@shared/messages/admin-editor-ui.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import { callsTo, fail, LAYOUT, renderVideosPage } from '../testing/videos-page-render.js';

let layoutSpy: { mockRestore: () => void } | undefined;
afterEach(() => {
  layoutSpy?.mockRestore();
  layoutSpy = undefined;
});

const ROW_HEIGHT = 40;

async function layoutPanel() {
  const panel = within(await screen.findByRole('region', { name: 'Layout' }));
  await panel.findByRole('list');
  return panel;
}

const rowNames = (panel: ReturnType<typeof within>) =>
  panel
    .getAllByRole('listitem')
    .map((row: HTMLElement) => row.querySelector('.layout-item__name')?.textContent);

const saved = (tags: Tag[]) => () => ({ status: 200, data: { tags }, message: 'Layout updated' });

/** jsdom lays nothing out: rows are ROW_HEIGHT tall, stacked from y = 0, 300 px wide. */
function fakeLayout() {
  layoutSpy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const rows = this.tagName === 'OL' ? this.children.length : 1;
    const index =
      this.tagName === 'LI' ? Array.from(this.parentElement!.children).indexOf(this) : 0;
    const top = index * ROW_HEIGHT;
    return DOMRect.fromRect({ x: 0, y: top, width: 300, height: rows * ROW_HEIGHT });
  });
}

/** The first press of the primary pointer on a handle, at height clientY. */
const pressHandle = (handle: HTMLElement, clientY: number) =>
  fireEvent.pointerDown(handle, { pointerId: 1, button: 0, isPrimary: true, clientX: 10, clientY });

/** Classic Country moved one row down with the keyboard: an unsaved order the server will take. */
async function withUnsavedMove() {
  const user = userEvent.setup();
  const result = renderVideosPage({
    'PUT /tags/featured': saved([LAYOUT[1]!, LAYOUT[0]!, LAYOUT[2]!, LAYOUT[3]!]),
  });
  const panel = await layoutPanel();
  panel.getByRole('button', { name: 'Move Classic Country' }).focus();
  await user.keyboard(' {ArrowDown} ');
  return { user, panel, ...result };
}

/** Whether leaving the page now would ask first (a cancelled beforeunload). */
function unloadIsHeld() {
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
}

describe('Layout panel', () => {
  it('lists the categories in order, each with a handle and a red remove icon', async () => {
    renderVideosPage();
    expect(await screen.findByText('Loading the layout…')).toBeInTheDocument();
    const panel = await layoutPanel();
    expect(rowNames(panel)).toEqual(LAYOUT.map((tag) => tag.name));
    for (const tag of LAYOUT) {
      expect(panel.getByRole('button', { name: `Move ${tag.name}` })).toHaveAccessibleDescription(
        ui.layoutInstructions,
      );
      expect(panel.getByRole('button', { name: `Remove ${tag.name}` })).toHaveClass(
        'icon-button--danger',
      );
    }
    expect(panel.getByRole('button', { name: 'Update Layout' })).toBeEnabled();
    expect(panel.getByRole('button', { name: '+ Add Category' })).toBeEnabled();
  });

  it('logs a failed load, says so, and keeps Update Layout off so nothing is overwritten', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderVideosPage({ 'GET /tags/featured': fail(500, 'Boom') });
    const panel = within(await screen.findByRole('region', { name: 'Layout' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(ui.layoutLoadFailed);
    expect(console.error).toHaveBeenCalledWith(ui.layoutLoadFailed, expect.anything());
    expect(panel.getByRole('button', { name: 'Update Layout' })).toBeDisabled();
    expect(panel.getByRole('button', { name: '+ Add Category' })).toBeDisabled();
    // The other panels still work.
    expect(await screen.findByLabelText('Featured Video Title')).toHaveValue('Big Show Opener');
  });

  it('moves a row with the keyboard, announces each step, and saves only on Update Layout', async () => {
    const user = userEvent.setup();
    const { fetch } = renderVideosPage({
      'PUT /tags/featured': saved([LAYOUT[1]!, LAYOUT[2]!, LAYOUT[0]!, LAYOUT[3]!]),
    });
    const panel = await layoutPanel();
    const handle = panel.getByRole('button', { name: 'Move Classic Country' });
    handle.focus();
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/^Picked up Classic Country, position 1 of 4/)).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByText('Classic Country, position 3 of 4.')).toBeInTheDocument();
    expect(handle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Dropped Classic Country, position 3 of 4.')).toBeInTheDocument();
    expect(rowNames(panel)).toEqual(['Bluegrass', 'Honky Tonk', 'Classic Country', 'Outlaw']);
    expect(panel.getByText(ui.layoutUnsaved)).toBeInTheDocument();
    expect(callsTo(fetch, 'PUT', '/tags/featured')).toEqual([]);

    await user.click(panel.getByRole('button', { name: 'Update Layout' }));
    expect(await panel.findByRole('status')).toHaveTextContent(adminUiMessages.layoutUpdated);
    expect(callsTo(fetch, 'PUT', '/tags/featured')[0]?.body).toEqual({ id: [2, 3, 1, 4] });
    expect(panel.queryByText(ui.layoutUnsaved)).not.toBeInTheDocument();
  });

  it('asks before leaving with an unsaved order, as the video editor does, and not once saved', async () => {
    const { user, panel, router } = await withUnsavedMove();
    expect(unloadIsHeld()).toBe(true);

    await act(() => router.navigate('/admin/newVideo'));
    const dialog = await screen.findByRole('dialog', { name: editor.unsavedTitle });
    expect(dialog).toHaveTextContent(ui.layoutUnsavedLeave);
    await user.click(within(dialog).getByRole('button', { name: editor.unsavedStay }));
    expect(router.state.location.pathname).toBe('/admin/videos');
    expect(rowNames(panel)).toEqual(['Bluegrass', 'Classic Country', 'Honky Tonk', 'Outlaw']);

    await act(() => router.navigate('/admin/newVideo'));
    await user.click(
      within(await screen.findByRole('dialog', { name: editor.unsavedTitle })).getByRole('button', {
        name: editor.unsavedLeave,
      }),
    );
    expect(await screen.findByText('New video screen')).toBeInTheDocument();
  });

  it('lets the admin leave without asking once the new order is saved', async () => {
    const { user, panel, router } = await withUnsavedMove();
    await user.click(panel.getByRole('button', { name: 'Update Layout' }));
    expect(await panel.findByRole('status')).toHaveTextContent(adminUiMessages.layoutUpdated);
    expect(unloadIsHeld()).toBe(false);
    await act(() => router.navigate('/admin/newVideo'));
    expect(await screen.findByText('New video screen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts a lifted row back with Escape, and Home / End move it to the ends', async () => {
    const user = userEvent.setup();
    renderVideosPage();
    const panel = await layoutPanel();
    panel.getByRole('button', { name: 'Move Honky Tonk' }).focus();
    await user.keyboard('{Enter}{Home}');
    expect(rowNames(panel)[0]).toBe('Honky Tonk');
    await user.keyboard('{Escape}');
    expect(rowNames(panel)).toEqual(LAYOUT.map((tag) => tag.name));
    expect(screen.getByText('Move cancelled. Honky Tonk, position 3 of 4.')).toBeInTheDocument();
    await user.keyboard(' {End} ');
    expect(rowNames(panel)).toEqual(['Classic Country', 'Bluegrass', 'Outlaw', 'Honky Tonk']);
  });

  it('drags a row with the pointer, live, and drops it where the pointer is', async () => {
    const { fetch } = renderVideosPage({ 'PUT /tags/featured': saved(LAYOUT) });
    const panel = await layoutPanel();
    fakeLayout();
    const handle = panel.getByRole('button', { name: 'Move Outlaw' });
    pressHandle(handle, 140);
    expect(panel.getAllByRole('listitem')[3]).toHaveClass('layout-item--active');
    // Above the first row's middle: Outlaw becomes first.
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 10, clientY: 15 });
    expect(rowNames(panel)[0]).toBe('Outlaw');
    // Inside the top half of Classic Country (now 40-80): nothing moves yet.
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 10, clientY: 55 });
    expect(rowNames(panel)[0]).toBe('Outlaw');
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 10, clientY: 65 });
    expect(rowNames(panel)).toEqual(['Classic Country', 'Outlaw', 'Bluegrass', 'Honky Tonk']);
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 10, clientY: 65 });
    expect(screen.getByText('Moved Outlaw, position 2 of 4.')).toBeInTheDocument();
    expect(panel.getAllByRole('listitem')[1]).not.toHaveClass('layout-item--active');
    expect(callsTo(fetch, 'PUT', '/tags/featured')).toEqual([]);
  });

  it('ignores a drop outside the list', async () => {
    renderVideosPage();
    const panel = await layoutPanel();
    fakeLayout();
    const handle = panel.getByRole('button', { name: 'Move Classic Country' });
    pressHandle(handle, 20);
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 10, clientY: 150 });
    expect(rowNames(panel)[3]).toBe('Classic Country');
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 500, clientY: 150 });
    expect(rowNames(panel)).toEqual(LAYOUT.map((tag) => tag.name));
    expect(screen.getByText(/^Dropped outside the list, nothing moved/)).toBeInTheDocument();
    expect(panel.queryByText(ui.layoutUnsaved)).not.toBeInTheDocument();
  });

  it('removes a row, moves the focus to the next one, and saves without it', async () => {
    const user = userEvent.setup();
    const { fetch } = renderVideosPage({
      'PUT /tags/featured': saved([LAYOUT[0]!, LAYOUT[2]!, LAYOUT[3]!]),
    });
    const panel = await layoutPanel();
    await user.click(panel.getByRole('button', { name: 'Remove Bluegrass' }));
    expect(rowNames(panel)).toEqual(['Classic Country', 'Honky Tonk', 'Outlaw']);
    expect(panel.getByRole('button', { name: 'Remove Honky Tonk' })).toHaveFocus();
    expect(callsTo(fetch, 'PUT', '/tags/featured')).toEqual([]);
    await user.click(panel.getByRole('button', { name: 'Update Layout' }));
    await waitFor(() =>
      expect(callsTo(fetch, 'PUT', '/tags/featured')[0]?.body).toEqual({ id: [1, 3, 4] }),
    );
  });

  it('after the last row goes, says the layout is empty and focuses + Add Category', async () => {
    const user = userEvent.setup();
    renderVideosPage({ 'GET /tags/featured': { tags: [LAYOUT[0]] } });
    const panel = await layoutPanel();
    await user.click(panel.getByRole('button', { name: 'Remove Classic Country' }));
    expect(panel.getByText(ui.layoutEmpty)).toBeInTheDocument();
    expect(panel.getByRole('button', { name: '+ Add Category' })).toHaveFocus();
  });

  it("says 'Error updating layout' with the server's reason, and keeps the draft", async () => {
    const user = userEvent.setup();
    renderVideosPage({ 'PUT /tags/featured': fail(404, 'Tag not found. Unknown tag ids: 3') });
    const panel = await layoutPanel();
    await user.click(panel.getByRole('button', { name: 'Remove Outlaw' }));
    await user.click(panel.getByRole('button', { name: 'Update Layout' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(
      `${adminUiMessages.layoutUpdateFailed} (Tag not found. Unknown tag ids: 3)`,
    );
    expect(rowNames(panel)).toHaveLength(3);
    expect(panel.getByText(ui.layoutUnsaved)).toBeInTheDocument();
  });
});

describe('Add a tag to your layout', () => {
  const SUGGESTIONS = [
    { id: 3, name: 'Honky Tonk' },
    { id: 7, name: 'Honky Tonk Heroes' },
    { id: 8, name: 'Hot Country' },
  ];

  async function openPopup(api = {}) {
    const user = userEvent.setup();
    const result = renderVideosPage({ 'GET /tags': { tags: SUGGESTIONS }, ...api });
    const panel = await layoutPanel();
    await user.click(panel.getByRole('button', { name: '+ Add Category' }));
    const dialog = within(screen.getByRole('dialog', { name: adminUiMessages.addTagTitle }));
    return { user, panel, dialog, ...result };
  }

  it('has the autocomplete, the note and the button', async () => {
    const { dialog } = await openPopup();
    const input = dialog.getByRole('combobox', { name: 'Tag' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAccessibleDescription(adminUiMessages.addTagNote);
    expect(dialog.getByText(adminUiMessages.addTagNote)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add Tag to Layout' })).toBeInTheDocument();
  });

  it("says 'Invalid Tag Given' when no tag is chosen, and sends nothing", async () => {
    const { user, dialog, fetch } = await openPopup();
    await user.click(dialog.getByRole('button', { name: 'Add Tag to Layout' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Invalid Tag Given');
    expect(dialog.getByRole('combobox', { name: 'Tag' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, 'GET', '/tags')).toEqual([]);
  });

  it('asks the server as the admin types, and adds the chosen tag at the end', async () => {
    const { user, panel, dialog, fetch } = await openPopup({
      'PUT /tags/featured': saved([...LAYOUT, SUGGESTIONS[1]!]),
    });
    const input = dialog.getByRole('combobox', { name: 'Tag' });
    await user.type(input, 'Hon');
    const listbox = await dialog.findByRole('listbox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // One call for the settled text, not one per keystroke.
    expect(callsTo(fetch, 'GET', '/tags').map((call) => call.url)).toEqual(['/api/tags?q=Hon']);
    expect(dialog.getByRole('status')).toHaveTextContent('3 tags match.');
    const taken = within(listbox).getByRole('option', {
      name: 'Honky Tonk Already in the layout',
    });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    // The arrows skip the tag already in the layout.
    await user.keyboard('{ArrowDown}');
    const heroes = within(listbox).getByRole('option', { name: 'Honky Tonk Heroes' });
    expect(heroes).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', heroes.id);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Honky Tonk Heroes');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.click(dialog.getByRole('button', { name: 'Add Tag to Layout' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowNames(panel)).toEqual([...LAYOUT.map((tag) => tag.name), 'Honky Tonk Heroes']);
    expect(callsTo(fetch, 'PUT', '/tags/featured')).toEqual([]);
    await user.click(panel.getByRole('button', { name: 'Update Layout' }));
    await waitFor(() =>
      expect(callsTo(fetch, 'PUT', '/tags/featured')[0]?.body).toEqual({ id: [1, 2, 3, 4, 7] }),
    );
  });

  it('picks a suggestion with the mouse', async () => {
    const { user, panel, dialog } = await openPopup();
    await user.type(dialog.getByRole('combobox', { name: 'Tag' }), 'hot');
    await user.click(await dialog.findByRole('option', { name: 'Hot Country' }));
    await user.click(dialog.getByRole('button', { name: 'Add Tag to Layout' }));
    await waitFor(() => expect(rowNames(panel).at(-1)).toBe('Hot Country'));
  });

  it('accepts typed text naming an existing tag, whatever its case', async () => {
    const { user, panel, dialog } = await openPopup();
    await user.type(dialog.getByRole('combobox', { name: 'Tag' }), 'hot country{Enter}');
    await waitFor(() => expect(rowNames(panel).at(-1)).toBe('Hot Country'));
  });

  it('refuses typed text that names no tag, and a tag already in the layout', async () => {
    const { user, dialog } = await openPopup();
    const input = dialog.getByRole('combobox', { name: 'Tag' });
    await user.type(input, 'Honky');
    await user.click(dialog.getByRole('button', { name: 'Add Tag to Layout' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Invalid Tag Given×?$/);
    await user.clear(input);
    await user.type(input, 'honky tonk{Enter}');
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      `Invalid Tag Given (${ui.tagAlreadyInLayout})`,
    );
  });

  it('Escape closes the suggestions first, then the popup; the layout is unchanged', async () => {
    const { user, panel, dialog } = await openPopup();
    const input = dialog.getByRole('combobox', { name: 'Tag' });
    await user.type(input, 'hot');
    await dialog.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowNames(panel)).toHaveLength(LAYOUT.length);
  });

  it('logs a failed suggestion call and says so', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const { user, dialog } = await openPopup({ 'GET /tags': fail(500, 'Boom') });
    await user.type(dialog.getByRole('combobox', { name: 'Tag' }), 'x');
    await waitFor(() =>
      expect(dialog.getByRole('status')).toHaveTextContent(ui.tagSuggestionsFailed),
    );
    expect(console.error).toHaveBeenCalledWith(ui.tagSuggestionsFailed, expect.anything());
    await act(async () => undefined);
  });
});
