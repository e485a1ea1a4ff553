import { adminUiMessages as ui } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { failureFlash, type Flash } from '@client/components/ui/use-flash.js';
import { ApiError } from '@client/lib/api-client.js';

/**
 * Video import: 401 (YouTube refused the credentials) asks the admin to sign in
 * to YouTube and come back, 409 is a duplicate, anything else 'Error getting video' with the
 * server's reason.
 */
export function importFailureFlash(error: unknown): Flash {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) return { tone: 'error', text: apiMessages.youtubeSignIn };
  if (status === 409) return { tone: 'error', text: ui.videoAlreadyImported };
  return failureFlash(ui.videoImportFailed, error);
}
