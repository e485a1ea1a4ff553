/** The privacy-enhanced player host (ARCHITECTURE.md, YouTube). */
export const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The main player: a 16:9 YouTube embed that never autoplays (no `autoplay` in `allow`, none in
 * the URL). Keyed by the YouTube id so a new video gets a new frame: changing a frame's src would
 * add entries to the tab's history, and Back would then step through old videos.
 */
export function VideoPlayer({ youtubeId, title }: { youtubeId: string; title: string }) {
  return (
    <div className="video-player">
      <iframe
        key={youtubeId}
        className="video-player__frame"
        src={`${EMBED_ORIGIN}/embed/${encodeURIComponent(youtubeId)}`}
        title={title}
        width={560}
        height={315}
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}
