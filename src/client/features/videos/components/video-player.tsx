import { useEffect, useRef, useState } from 'react';
import { embedUrl, EMBED_ORIGIN, PLAYER_ALLOW } from '@client/lib/youtube-player.js';
import { loadYoutubeIframeApi, type YoutubePlayer } from '@client/lib/youtube-iframe-api.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { useResumeStart } from '../api/watch-progress.js';
import { useProgressReports } from './use-progress-reports.js';

/**
 * Set once a player has waited for the page's first paint; later pages add theirs at once.
 * Module state, as it is about this document's life rather than any one page.
 */
let firstPaintPassed = false;

/** How long the IFrame API may take before the plain embed is shown instead. */
const API_PATIENCE_MS = 10_000;

/**
 * The main player: a 16:9 YouTube player that never autoplays, made by YouTube's IFrame Player
 * API so that it can start where the viewer left off and report what is played
 * (use-progress-reports.ts). Made anew for each video: changing a frame's src would add entries
 * to the tab's history, and Back would then step through old videos.
 *
 * The server draws the plain embed inside <noscript>, so the page plays without JavaScript and
 * the first render in the browser matches the server's. On a first load the player is made just
 * after the page has painted, in the same black box: a new origin's connection and document would
 * otherwise compete with the page's own requests before its text is on screen (the largest paint
 * of a video page is its description). If the API's script cannot be loaded, the plain embed
 * plays the video (from the start, unreported).
 */
export function VideoPlayer({
  videoId,
  youtubeId,
  title,
}: {
  videoId: number;
  youtubeId: string;
  title: string;
}) {
  const [shown, setShown] = useState(firstPaintPassed);
  const [failed, setFailed] = useState(false);
  const { youtubeIframeApiUrl } = useSiteConfig();
  const resume = useResumeStart(videoId);
  // The start is read once per video: a later fetch of the fan's position must not remake a
  // playing player.
  const [pinned, setPinned] = useState<{ videoId: number; start: number } | null>(null);
  if (resume !== undefined && pinned?.videoId !== videoId) setPinned({ videoId, start: resume });
  const start = pinned?.videoId === videoId ? pinned.start : undefined;
  const reporter = useProgressReports(videoId);
  const host = useRef<HTMLDivElement>(null);

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

  useEffect(() => {
    const box = host.current;
    if (!shown || failed || start === undefined || !box) return;
    let cancelled = false;
    let player: YoutubePlayer | null = null;
    const patience = window.setTimeout(() => setFailed(true), API_PATIENCE_MS);
    loadYoutubeIframeApi(youtubeIframeApiUrl).then(
      (YT) => {
        if (cancelled) return;
        // The API replaces the element it is given; React keeps the box around it.
        const mount = document.createElement('div');
        box.replaceChildren(mount);
        player = new YT.Player(mount, {
          videoId: youtubeId,
          host: EMBED_ORIGIN,
          width: 560,
          height: 315,
          playerVars: { start, autoplay: 0, rel: 0 },
          events: {
            onReady: ({ target }) => {
              clearTimeout(patience);
              describeFrame(target.getIframe(), title);
              reporter.attach(target);
            },
            onStateChange: ({ data }) => {
              if (data !== undefined) reporter.stateChanged(data);
            },
          },
        });
      },
      () => {
        clearTimeout(patience);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(patience);
      reporter.detach();
      player?.destroy();
      box.replaceChildren();
    };
  }, [shown, failed, start, youtubeId, youtubeIframeApiUrl, reporter, title]);

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
  return (
    <div className="video-player">
      {!shown ? (
        <noscript>{frame}</noscript>
      ) : failed ? (
        frame
      ) : (
        <div key={youtubeId} ref={host} className="video-player__host" />
      )}
    </div>
  );
}

/** The API's frame gets the name and look of the plain one (screen readers announce the title). */
function describeFrame(frame: HTMLIFrameElement, title: string): void {
  frame.title = title;
  frame.classList.add('video-player__frame');
  frame.allowFullscreen = true;
}
