import { YoutubeQuotaError } from './youtube-errors.js';

/** Every Data API call Twang makes (channels, playlistItems, videos .list) costs one unit. */
export const UNITS_PER_CALL = 1;

/**
 * Asked before each Data API call with the units it will cost; throwing (a YoutubeQuotaError,
 * say) stops the call before it is sent, so a sync can keep clear of YouTube's daily limit.
 */
export interface QuotaGuard {
  beforeCall?: (units: number) => void;
}

export interface QuotaBudget {
  guard: QuotaGuard;
  onQuotaSpent: (units: number) => void;
  /** Units spent so far, counting `alreadySpent`. */
  spent: () => number;
}

/**
 * A budget of `limit` units (the project's daily quota is 10,000): the guard refuses a call that
 * would go past it. `alreadySpent` carries over what earlier runs spent the same day.
 */
export function quotaBudget(limit: number, alreadySpent = 0): QuotaBudget {
  let spent = alreadySpent;
  return {
    guard: {
      beforeCall(units) {
        if (spent + units > limit) {
          throw new YoutubeQuotaError(
            `YouTube quota budget spent: ${spent} of ${limit} units used`,
            'guard',
          );
        }
      },
    },
    onQuotaSpent(units) {
      spent += units;
    },
    spent: () => spent,
  };
}
