import { apiMessages } from '@shared/messages/api.js';
import { badGateway, notConfigured, unauthorized } from '@server/lib/http-errors.js';
import {
  YoutubeAuthError,
  YoutubeSettingMissingError,
  YoutubeUnavailableError,
} from '../youtube/youtube-errors.js';

/**
 * Runs a YouTube call and turns its failures into answers: a missing setting -> 503 naming it
 * (the server is not set up for the call; a 401 would read as the admin's session having ended);
 * credentials YouTube refused -> 401 asking the admin to sign in to YouTube (the spec's text); an
 * unreachable or broken YouTube -> 502. Never a 500.
 */
export async function callYoutube<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof YoutubeSettingMissingError) {
      throw notConfigured(
        error.setting === 'YOUTUBE_API_KEY'
          ? apiMessages.youtubeNoApiKey
          : apiMessages.youtubeNoChannel,
      );
    }
    if (error instanceof YoutubeAuthError) throw unauthorized(apiMessages.youtubeSignIn);
    if (error instanceof YoutubeUnavailableError) {
      const failure = badGateway(apiMessages.youtubeUnavailable);
      failure.cause = error;
      throw failure;
    }
    throw error;
  }
}
