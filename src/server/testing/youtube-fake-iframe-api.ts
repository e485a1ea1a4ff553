/**
 * A stand-in for YouTube's IFrame Player API script (https://www.youtube.com/iframe_api), served
 * by the fake YouTube at /iframe_api so browser tests never load YouTube. It speaks the documented
 * interface: it calls `window.onYouTubeIframeAPIReady`, and `new YT.Player(element, { videoId,
 * host, playerVars, events })` replaces the element with a frame on `host`, fires `onReady`, and
 * fires `onStateChange` with `YT.PlayerState` values; `getCurrentTime`, `getDuration`,
 * `getPlayerState`, `getIframe`, `playVideo`, `pauseVideo`, `seekTo` and `destroy` behave as
 * YouTube's do.
 *
 * Playback time follows `Date.now()` while playing, as a real player's does with the wall clock,
 * so a test moves it on with Playwright's `page.clock` (the page's reporting timers move with it).
 * For tests, `window.__youtubeFake` lists every player made (`created`: what each was asked for,
 * `start` included), holds the duration new players get (`duration`, seconds), and
 * `advance(seconds)` jumps the newest player's position on without counting it as played.
 */
export const FAKE_IFRAME_API_SCRIPT = String.raw`(function () {
  'use strict';
  var PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  var fake = (window.__youtubeFake = window.__youtubeFake || { created: [], players: [], duration: 600 });

  function Player(element, options) {
    var target = typeof element === 'string' ? document.getElementById(element) : element;
    var vars = options.playerVars || {};
    var self = this;
    this._events = options.events || {};
    this._duration = fake.duration;
    this._position = Math.max(0, Number(vars.start) || 0);
    this._since = null;
    this._state = PlayerState.UNSTARTED;
    var frame = document.createElement('iframe');
    if (target.id) frame.id = target.id;
    frame.width = String(options.width || 640);
    frame.height = String(options.height || 360);
    frame.setAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');
    frame.src =
      (options.host || 'https://www.youtube.com') + '/embed/' + encodeURIComponent(options.videoId) +
      '?enablejsapi=1&start=' + this._position + '&autoplay=' + (vars.autoplay ? 1 : 0);
    target.replaceWith(frame);
    this._frame = frame;
    fake.created.push({ videoId: options.videoId, host: options.host || null, playerVars: vars });
    fake.players.push(this);
    setTimeout(function () {
      self._emit('onReady');
    }, 0);
  }
  Player.prototype._emit = function (name, data) {
    var handler = this._events[name];
    if (handler) handler({ target: this, data: data });
  };
  Player.prototype._setState = function (state) {
    this._position = this.getCurrentTime();
    this._since = state === PlayerState.PLAYING ? Date.now() : null;
    this._state = state;
    this._emit('onStateChange', state);
  };
  Player.prototype.getCurrentTime = function () {
    if (this._since === null) return this._position;
    return Math.min(this._duration, this._position + (Date.now() - this._since) / 1000);
  };
  Player.prototype.getDuration = function () {
    return this._duration;
  };
  Player.prototype.getPlayerState = function () {
    if (this._state === PlayerState.PLAYING && this.getCurrentTime() >= this._duration) {
      this._setState(PlayerState.ENDED);
    }
    return this._state;
  };
  Player.prototype.getIframe = function () {
    return this._frame;
  };
  Player.prototype.playVideo = function () {
    if (this._state === PlayerState.ENDED) this._position = 0;
    this._setState(PlayerState.PLAYING);
  };
  Player.prototype.pauseVideo = function () {
    this._setState(PlayerState.PAUSED);
  };
  Player.prototype.seekTo = function (seconds) {
    this._position = Math.max(0, Math.min(this._duration, Number(seconds) || 0));
    if (this._since !== null) this._since = Date.now();
  };
  Player.prototype.destroy = function () {
    var self = this;
    this._frame.remove();
    fake.players = fake.players.filter(function (player) {
      return player !== self;
    });
  };
  /** Ends the video when its time is up, as YouTube does. */
  setInterval(function () {
    fake.players.forEach(function (player) {
      player.getPlayerState();
    });
  }, 250);

  fake.advance = function (seconds) {
    var player = fake.players[fake.players.length - 1];
    if (player) player.seekTo(player.getCurrentTime() + seconds);
  };

  window.YT = { Player: Player, PlayerState: PlayerState, loaded: 1 };
  if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
})();
`;
