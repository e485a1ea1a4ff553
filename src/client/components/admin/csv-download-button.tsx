import { useState } from 'react';
import { Button } from '../ui/button.js';
import { apiDownload, ApiError } from '@client/lib/api-client.js';

/**
 * Why a download failed, kept for the range it was for: a new range clears it. `onError` is what
 * CsvDownloadButton reports to.
 */
export function useDownloadError(rangeKey: string) {
  const [failed, setFailed] = useState<{ key: string; message: string } | null>(null);
  return {
    message: failed?.key === rangeKey ? failed.message : null,
    onError: (message: string | null) =>
      setFailed(message === null ? null : { key: rangeKey, message }),
  };
}

/**
 * Downloads one CSV of the API. While it loads the button says so through aria-disabled, not
 * disabled, so keyboard focus stays on it; `onError` hears why it failed, and null on a new try.
 */
export function CsvDownloadButton({
  path,
  label,
  failedText,
  onError,
}: {
  path: string;
  label: string;
  /** What a failure other than a refused request (a 400, which says why) is told as. */
  failedText: string;
  onError: (message: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    onError(null);
    try {
      await apiDownload(path);
    } catch (error) {
      onError(error instanceof ApiError && error.status === 400 ? error.message : failedText);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => void download()}>
      {label}
    </Button>
  );
}
