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
  it('shows who did what, when, on which item and with which fields', async () => {
    renderAudit(() =>
      reply([
        entry(2, { action: 'DELETE /api/admin/videos', fields: ['id'] }),
        entry(1, { actor_email: 'grace@example.com' }),
        entry(3, { action: 'PUT /api/tags/featured', target_id: null, fields: [] }),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const edit = await screen.findByRole('row', { name: /Edited a video/ });
    expect(edit).toHaveTextContent('grace@example.com');
    expect(edit).toHaveTextContent('Mar 5, 2024');
    expect(edit).toHaveTextContent('description, id, title');
    expect(within(edit).getByRole('link', { name: 'Open item 101' })).toHaveAttribute(
      'href',
      '/admin/editVideo/101',
    );
    // A deleted video has no editor to open.
    const deletion = screen.getByRole('row', { name: /Deleted a video/ });
    expect(within(deletion).queryByRole('link')).not.toBeInTheDocument();
    expect(deletion).toHaveTextContent('#102');
    expect(screen.getByRole('row', { name: /Saved the home page layout/ })).toHaveTextContent(
      'PUT /api/tags/featured',
    );
    expect(screen.getByText('3 actions')).toBeInTheDocument();
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
