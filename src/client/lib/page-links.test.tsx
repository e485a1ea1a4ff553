import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FollowPageLinks, followPageLinks, PAGE_LINK_MARK } from './page-links.js';

/** Clicks `link` as a user would, returning whether the page kept the browser from following it. */
function click(link: Element, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  link.dispatchEvent(event);
  return event.defaultPrevented;
}

function addLink(attributes: Record<string, string>, inner = ''): HTMLAnchorElement {
  const link = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  link.innerHTML = inner;
  document.body.append(link);
  return link;
}

describe('followPageLinks', () => {
  const navigate = vi.fn();
  let stop: () => void;
  // jsdom cannot load another document: whatever the listener leaves alone goes no further.
  const noDocumentLoads = (event: Event) => event.preventDefault();

  beforeEach(() => {
    navigate.mockClear();
    window.history.replaceState(null, '', '/videos/1');
    stop = followPageLinks({ navigate });
    window.addEventListener('click', noDocumentLoads);
  });
  afterEach(() => {
    stop();
    window.removeEventListener('click', noDocumentLoads);
    document.body.innerHTML = '';
  });

  it('follows a marked link in the app, from a click anywhere inside it', () => {
    const link = addLink({ href: '/videos/7?from=card#top', [PAGE_LINK_MARK]: '' }, '<img alt="">');
    expect(click(link.querySelector('img')!)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/videos/7?from=card#top', { replace: false });
  });

  it('replaces the history entry for the page already shown', () => {
    expect(click(addLink({ href: '/videos/1', [PAGE_LINK_MARK]: '' }))).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/videos/1', { replace: true });
  });

  it('leaves to the browser a new tab, another button, another window, a download, another site', () => {
    const link = addLink({ href: '/videos/2', [PAGE_LINK_MARK]: '' });
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
    ]) {
      click(link, init);
    }
    click(link, { button: 1 });
    click(addLink({ href: '/videos/3', target: '_blank', [PAGE_LINK_MARK]: '' }));
    click(addLink({ href: '/videos/4', download: '', [PAGE_LINK_MARK]: '' }));
    click(addLink({ href: 'https://example.com/videos/5', [PAGE_LINK_MARK]: '' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves unmarked links and clicks already handled alone', () => {
    click(addLink({ href: '/about' }));
    const handled = addLink({ href: '/videos/6', [PAGE_LINK_MARK]: '' });
    handled.addEventListener('click', (event) => event.preventDefault());
    click(handled);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stops following links once stopped', () => {
    stop();
    click(addLink({ href: '/videos/8', [PAGE_LINK_MARK]: '' }));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('FollowPageLinks', () => {
  function Labelled() {
    return <label htmlFor={useId()}>Search</label>;
  }

  it("keeps the server's ids: the router inside it is where the server draws it", () => {
    const router = { navigate: vi.fn() };
    const drawn = renderToString(
      <main>
        <Labelled />
      </main>,
    );
    const inBrowser = renderToString(
      <FollowPageLinks router={router}>
        <main>
          <Labelled />
        </main>
      </FollowPageLinks>,
    );
    expect(inBrowser).toBe(drawn);
  });
});
