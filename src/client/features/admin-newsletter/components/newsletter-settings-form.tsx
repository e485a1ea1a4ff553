import { useState } from 'react';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import type { NewsletterSettings } from '@shared/schemas/newsletter.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { useSaveNewsletterSettings } from '../api/newsletter.js';

/** Whether each new public episode is announced by a mailing of its own. */
export function NewsletterSettingsForm({ settings }: { settings: NewsletterSettings }) {
  const [autoSend, setAutoSend] = useState(settings.auto_send);
  const save = useSaveNewsletterSettings();
  const { flash, show, dismiss } = useFlash();
  return (
    <AdminPanel title={u.settingsTitle}>
      <form
        className="form newsletter-settings"
        aria-label={u.settingsTitle}
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          dismiss();
          save.mutate(
            { auto_send: autoSend },
            {
              onSuccess: () => show({ tone: 'success', text: u.settingsSaved }),
              onError: (error) => show(failureFlash(u.settingsFailed, error)),
            },
          );
        }}
      >
        <label className="checkbox">
          <input
            type="checkbox"
            checked={autoSend}
            aria-describedby="newsletter-auto-hint"
            onChange={(event) => setAutoSend(event.target.checked)}
          />
          <span>{u.autoSend}</span>
        </label>
        <p id="newsletter-auto-hint" className="field__hint">
          {u.autoSendHint}
        </p>
        <FlashMessage flash={flash} onDismiss={dismiss} />
        <div className="newsletter-actions">
          <SubmitButton pending={save.isPending} busy={u.saving}>
            {u.save}
          </SubmitButton>
        </div>
      </form>
    </AdminPanel>
  );
}
