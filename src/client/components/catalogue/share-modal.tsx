import { useState, useSyncExternalStore } from 'react';
import { useSiteConfig } from '@client/lib/site-config.js';
import { Button } from '../ui/button.js';
import { Modal } from '../ui/modal.js';
import './share-modal.css';
import { NewTabLink } from '../ui/new-tab-link.js';

interface ShareModalProps {
  open: boolean;
  onClose: () => void;
  /** What is shared, e.g. the video's or the artist's name. */
  title: string;
  /** The page's path, e.g. /videos/12; made absolute from the current origin. */
  path: string;
}

const never = () => () => undefined;

/**
 * The site's address as the browser sees it. A server render has none: its links stay relative
 * until the page is the browser's (the dialog is closed until then anyway).
 */
function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}

/** Copy Link, a micro-blogging share, an Email (prefilled mailto) and a social-network share. */
export function ShareModal({ open, onClose, title, path }: ShareModalProps) {
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const url = `${useOrigin()}${path}`;
  const text = `${title} on ${useSiteConfig().brand}`;
  const close = () => {
    setCopied('idle');
    onClose();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Modal open={open} onClose={close} title="Share">
      <div className="share">
        <div className="share__copy">
          <label htmlFor="share-url" className="visually-hidden">
            Link to share
          </label>
          <input id="share-url" readOnly value={url} onFocus={(event) => event.target.select()} />
          <Button onClick={() => void copy()}>Copy Link</Button>
        </div>
        <p className="share__feedback" role="status">
          {copied === 'done' && 'Link copied to the clipboard.'}
          {copied === 'failed' && 'Could not copy; select the link and copy it yourself.'}
        </p>
        <ul className="share__links">
          <li>
            <NewTabLink
              href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`}
            >
              Share on X
            </NewTabLink>
          </li>
          <li>
            <a
              href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n${url}`)}`}
            >
              Email
            </a>
          </li>
          <li>
            <NewTabLink
              href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
            >
              Share on Facebook
            </NewTabLink>
          </li>
        </ul>
      </div>
    </Modal>
  );
}
