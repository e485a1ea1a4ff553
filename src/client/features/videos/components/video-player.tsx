import { useEffect, useState } from 'react';
import { embedUrl, PLAYER_ALLOW } from '@client/lib/youtube-player.js';

/**
 * Set once a player has waited for the page's first paint; later pages add theirs at once.
 * Module state, as it is about this document's life rather than any one page.
 */
let firstPaintPassed = false;

/**
 * The main player: a 16:9 YouTube embed that never autoplays (no `autoplay` in `allow`, none in
 * the URL: lib/youtube-player.ts). Keyed by the YouTube id so a new video gets a new frame: changing a frame's src would
 * add entries to the tab's history, and Back would then step through old videos.
 *
 * On a first load the frame is added just after the page has painted, in the same black box: a
 * new origin's connection and document would otherwise compete with the page's own requests
 * before its text is on screen (the largest paint of a video page is its description).
 */
export function VideoPlayer({ youtubeId, title }: { youtubeId: string; title: string }) {
  const [shown, setShown] = useState(firstPaintPassed);
  useEffect(() => {
    if (shown) return;
    let timer = 0;
    // The frame callback runs before the next paint; the task after it, once that is done.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        firstPaintPassed = true;
        setShown(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  const frame = (
    <iframe
      key={youtubeId}
      className="video-player__frame"
      src={embedUrl(youtubeId)}
      title={title}
      width={560}
      height={315}
      allow={PLAYER_ALLOW}
      referrerPolicy="strict-origin-when-cross-origin"
      allowFullScreen
    />
  );
  // Without JavaScript the server's page plays the video too; with it, the frame waits as above.
  return <div className="video-player">{shown ? frame : <noscript>{frame}</noscript>}</div>;
}
