import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import './catalogue.css';

/** How much of a video is watched, as a bar with its value for screen readers. */
export function WatchedBar({ position, duration }: { position: number; duration: number }) {
  const percent = duration > 0 ? Math.min(100, Math.round((position / duration) * 100)) : 0;
  return (
    <div
      className="watched-bar"
      role="progressbar"
      aria-label={w.watchedShare(percent)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="watched-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
