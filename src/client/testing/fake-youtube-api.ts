import type {
  YoutubeNamespace,
  YoutubePlayer,
  YoutubePlayerOptions,
} from '@client/lib/youtube-iframe-api.js';

/** One player the fake made, with what it was asked for, driven by the test. */
export interface FakePlayer extends YoutubePlayer {
  options: YoutubePlayerOptions;
  frame: HTMLIFrameElement;
  /** Sets what getCurrentTime answers. */
  position: number;
  duration: number;
  ready(): void;
  /** Fires onStateChange with a YT.PlayerState value. */
  state(value: number): void;
  destroyed: boolean;
}

/**
 * Puts a stand-in of YouTube's IFrame Player API on window.YT (the loader then takes it without
 * a script): each `new YT.Player(element, options)` replaces the element with a frame, as
 * YouTube's does, and is listed in `players`. Returns the list and an uninstall function.
 */
export function installFakeYoutubeApi(): { players: FakePlayer[]; uninstall: () => void } {
  const players: FakePlayer[] = [];
  class Player {
    constructor(element: HTMLElement | string, options: YoutubePlayerOptions) {
      const target =
        typeof element === 'string' ? document.getElementById(element)! : (element as Element);
      const frame = document.createElement('iframe');
      frame.src = `${options.host ?? 'https://www.youtube.com'}/embed/${options.videoId}`;
      target.replaceWith(frame);
      const player: FakePlayer = {
        options,
        frame,
        position: 0,
        duration: 0,
        destroyed: false,
        getCurrentTime: () => player.position,
        getDuration: () => player.duration,
        getPlayerState: () => -1,
        getIframe: () => frame,
        playVideo: () => undefined,
        pauseVideo: () => undefined,
        seekTo: (seconds: number) => (player.position = seconds),
        destroy: () => {
          player.destroyed = true;
          frame.remove();
        },
        ready: () => options.events?.onReady?.({ target: player }),
        state: (value: number) => options.events?.onStateChange?.({ target: player, data: value }),
      };
      players.push(player);
      return player;
    }
  }
  const namespace = {
    Player,
    PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
  } as unknown as YoutubeNamespace;
  window.YT = namespace;
  return {
    players,
    uninstall: () => {
      delete window.YT;
    },
  };
}
