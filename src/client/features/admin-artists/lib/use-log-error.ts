import { useEffect } from 'react';

/**
 * Failures loading artists are logged. The screens show a short error line too
 * (the brief's "lists survive an API error"); this writes the log once per failure.
 */
export function useLogError(error: Error | null, text: string): void {
  useEffect(() => {
    if (error) console.error(text, error.message);
  }, [error, text]);
}
