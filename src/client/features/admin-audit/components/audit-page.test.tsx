import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@shared/schemas/audit.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { callsTo, fail } from '@client/testing/fetch-calls.js';
import { renderPage } from '@client/testing/render.js';
import { AUDIT_PAGE_SIZE } from '../api/audit-log.js';
import { AuditPage } from './audit-page.js';

afterEach(() => act(() => clearSession()));

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actor_id: 1,
    actor_email: 'ada@example.com',
    action: 'PUT /api/admin/videos',
    target_id: String(100 + id),
    target_name: `Episode ${id}`,
    details: [],
    fields: ['description', 'id', 'title'],
    status: 200,
    at: '2024-03-05T15:00:00.000Z',
    ...overrides,
  };
}

const reply = (entries: AuditEntry[], total = entries.length, page = 1) => ({
  status: 200,
  data: { entries, pageInfo: { total, page, pageSize: AUDIT_PAGE_SIZE } },
});

function renderAudit(answer: () => unknown) {
  setSession({ id: 1, firstName: 'Ada', isAdmin: true, token: 'admin-token' });
  return renderPage(<AuditPage />, { path: '/admin/audit', api: { 'GET /admin/audit': answer } });
}

/** The query strings the screen sent, oldest first. */
const queriesTo = (fetchMock: ReturnType<typeof renderPage>['fetch']) =>
  callsTo(fetchMock, 'GET', '/admin/audit').map(
    ([url]) => new URL(String(url), 'http://localhost').searchParams,
  );

describe('the audit screen', () => {
  it('shows who did what in words, when, on which item, and what else it named', async () => {
    renderAudit(() =>
      reply([
        entry(2, { action: 'DELETE /api/admin/videos', fields: ['id'] }),
        entry(1, { actor_email: 'grace@example.com' }),
        entry(3, {
          action: 'PUT /api/tags/featured',
          target_id: null,
          target_name: null,
          details: ['Bluegrass', 'Honky-Tonk'],
          fields: ['id'],
        }),
        entry(4, {
          action: 'PUT /api/tags',
          target_name: 'Pedal Steel Sessions',
          details: ['Bluegrass', 'Western Swing'],
          fields: ['epid', 'tagid'],
        }),
        entry(5, {
          action: 'DELETE /api/tags',
          target_name: 'Porch Sessions',
          details: ['Bluegrass'],
          fields: ['epid', 'tagid'],
        }),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const edit = await screen.findByRole('row', { name: /Edited a video/ });
    expect(edit).toHaveTextContent('grace@example.com');
    expect(edit).toHaveTextContent('Mar 5, 2024');
    // The fields an edit sent, as its form calls them.
    expect(edit).toHaveTextContent('Fields: Title, Description');
    expect(within(edit).getByRole('link', { name: 'Episode 1' })).toHaveAttribute(
      'href',
      '/admin/editVideo/101',
    );
    // A deleted video has no editor to open; its title was kept.
    const deletion = screen.getByRole('row', { name: /Deleted a video/ });
    expect(within(deletion).queryByRole('link')).not.toBeInTheDocument();
    expect(deletion).toHaveTextContent('Video Episode 2');
    const tagged = screen.getByRole('row', { name: /Tagged a video/ });
    expect(tagged).toHaveTextContent('Video Pedal Steel Sessions');
    expect(within(tagged).getByRole('link', { name: 'Pedal Steel Sessions' })).toBeVisible();
    expect(tagged).toHaveTextContent('Tags: Bluegrass, Western Swing');
    const layout = screen.getByRole('row', { name: /Saved the home page layout/ });
    expect(layout).toHaveTextContent('Rows: Bluegrass, Honky-Tonk');
    // No raw calls ('PUT /api/tags') on screen.
    expect(screen.queryByText(/\/api\//)).not.toBeInTheDocument();
    // Untagging deletes nothing: the video's editor is still there to open.
    const untagged = screen.getByRole('row', { name: /Untagged a video/ });
    expect(within(untagged).getByRole('link', { name: 'Porch Sessions' })).toHaveAttribute(
      'href',
      '/admin/editVideo/105',
    );
    expect(screen.getByText('5 actions')).toBeInTheDocument();
  });

  it('shows entries older than the names sensibly: their words, the kind of item and its id', async () => {
    renderAudit(() =>
      reply([
        entry(1, {
          action: 'PUT /api/tags',
          target_id: '55',
          target_name: null,
          details: [],
          fields: ['epid', 'tagid'],
        }),
      ]),
    );
    const row = await screen.findByRole('row', { name: /Tagged a video/ });
    expect(within(row).getByRole('link', { name: '#55' })).toHaveAttribute(
      'href',
      '/admin/editVideo/55',
    );
    expect(row).toHaveTextContent('Video #55');
    expect(row).not.toHaveTextContent('epid');
  });

  it('lets an email wrap only before its @ and dots', async () => {
    renderAudit(() => reply([entry(1, { actor_email: 'margaret.hamilton@example.com' })]));
    const row = await screen.findByRole('row', { name: /Edited a video/ });
    const email = row.querySelector('.audit-email')!;
    expect(email).toHaveTextContent('margaret.hamilton@example.com');
    expect(
      Array.from(email.childNodes, (node) => (node.nodeName === 'WBR' ? '|' : node.textContent)),
    ).toEqual(['margaret', '|', '.hamilton', '|', '@example', '|', '.com']);
  });

  it('sends the filters to the server and starts again on page 1', async () => {
    const { fetch } = renderAudit(() => reply([entry(1)], 45, 1));
    const user = userEvent.setup();
    await screen.findByText('45 actions, page 1 of 3');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.selectOptions(screen.getByLabelText('Action'), 'Deleted an artist');
    await user.type(screen.getByLabelText('Administrator'), 'grace{Enter}');
    const queries = () => queriesTo(fetch).map((query) => Object.fromEntries(query));
    await waitFor(() => expect(queries().at(-1)?.actor).toBe('grace'));
    expect(queries()).toContainEqual({ page: '2', pageSize: String(AUDIT_PAGE_SIZE) });
    expect(queries().at(-1)).toEqual({
      actor: 'grace',
      action: 'DELETE /api/admin/artists',
      page: '1',
      pageSize: String(AUDIT_PAGE_SIZE),
    });
  });

  it('says whether the log is empty or nothing matches the filters', async () => {
    const user = userEvent.setup();
    const { fetch } = renderAudit(() => reply([]));
    expect(await screen.findByText('No administrator has changed anything yet.')).toBeVisible();
    await user.type(screen.getByLabelText('Item id'), '7{Enter}');
    await waitFor(() => expect(queriesTo(fetch).at(-1)?.get('target')).toBe('7'));
    expect(await screen.findByText('No administrator actions match these filters.')).toBeVisible();
  });

  it('says so when the log cannot be read', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderAudit(fail(503, 'Service unavailable'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading the audit log.',
    );
  });
});
