import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { renderPage } from '@client/testing/render.js';
import { CategoryPage } from './category-page.js';
import { buildVideo } from '@client/testing/catalogue-builders.js';

const videos = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => buildVideo(from + index, `Song ${from + index}`));

function renderCategory(api: Record<string, unknown>) {
  return renderPage(<CategoryPage />, { path: '/categories/3', pattern: '/categories/:id', api });
}

describe('CategoryPage', () => {
  it("heads the page with the tag's name and counts 'N results'", async () => {
    const { fetch } = renderCategory({
      '/tag/3': { id: 3, name: 'Interviews', videos: videos(1, 3), artistId: null, total: 3 },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Videos Tagged With 'Interviews'" }),
    ).toBeInTheDocument();
    expect(screen.getByText('3 results')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Song/ })).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /^View / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/tag/3?page=1&pageSize=60', expect.anything());
    await waitFor(() => expect(document.title).toBe('Interviews | Twang'));
  });

  it("says '1 result' and links 'View {name}' to the artist owning the tag", async () => {
    renderCategory({
      '/tag/3': { id: 3, name: 'June Pruitt', videos: videos(1, 1), artistId: 14, total: 1 },
    });
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View June Pruitt' })).toHaveAttribute(
      'href',
      '/artists/14',
    );
  });

  it('loads 60 more videos with Load more while more pages exist', async () => {
    let page = 0;
    const { fetch } = renderCategory({
      '/tag/3': () => {
        page += 1;
        const data =
          page === 1
            ? { id: 3, name: 'Live', videos: videos(1, 60), artistId: null, total: 61 }
            : { id: 3, name: 'Live', videos: videos(61, 1), artistId: null, total: 61 };
        return { status: 200, data };
      },
    });
    expect(await screen.findByText('61 results')).toBeInTheDocument();
    // By text: naming 60 card links by their content is slow in jsdom.
    expect(screen.getAllByText(/^Song \d+$/)).toHaveLength(60);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Song 61')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/tag/3?page=2&pageSize=60', expect.anything());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the error text when the tag cannot be read', async () => {
    renderCategory({ '/tag/3': () => ({ status: 404, data: null, message: 'Tag not found.' }) });
    expect(await screen.findByText(t.categoryError)).toBeInTheDocument();
    // A missing page is still headed, as the not-found page is, for a screen reader's heading list.
    expect(screen.getByRole('heading', { level: 1, name: t.notFoundTitle })).toBeInTheDocument();
  });

  it('shows no not-found heading when the tag fails for another reason', async () => {
    renderCategory({ '/tag/3': () => ({ status: 500, data: null, message: 'Server error.' }) });
    expect(await screen.findByText(t.categoryError)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
