/**
 * The part of YouTube's IFrame Player API the site uses
 * (https://developers.google.com/youtube/iframe_api_reference), typed here: no @types package.
 */
export interface YoutubePlayer {
  getCurrentTime(): number;
  getDuration(): number;
  getPlayerState(): number;
  getIframe(): HTMLIFrameElement;
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead?: boolean): void;
  destroy(): void;
}

export interface YoutubePlayerEvent {
  target: YoutubePlayer;
  data?: number;
}

export interface YoutubePlayerOptions {
  videoId: string;
  host?: string;
  width?: number | string;
  height?: number | string;
  playerVars?: Record<string, number | string>;
  events?: {
    onReady?: (event: YoutubePlayerEvent) => void;
    onStateChange?: (event: YoutubePlayerEvent) => void;
  };
}

export interface YoutubeNamespace {
  Player: new (element: HTMLElement | string, options: YoutubePlayerOptions) => YoutubePlayer;
  PlayerState: { UNSTARTED: -1; ENDED: 0; PLAYING: 1; PAUSED: 2; BUFFERING: 3; CUED: 5 };
}

/** The documented state numbers, for code that runs before the script has loaded. */
export const PLAYER_STATE = { ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3 } as const;

declare global {
  interface Window {
    YT?: YoutubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YoutubeNamespace> | null = null;

/**
 * Loads the API script once per document (every player waits for the same load) and resolves
 * when it calls `onYouTubeIframeAPIReady`. A failed load is forgotten, so a later player tries
 * again; the caller shows the plain embed meanwhile.
 */
export function loadYoutubeIframeApi(url: string): Promise<YoutubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  loading ??= new Promise<YoutubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
      else reject(new Error('The YouTube player script loaded without YT'));
    };
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('The YouTube player script did not load'));
    };
    document.head.append(script);
  });
  return loading;
}
