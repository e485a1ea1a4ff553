import { useState } from 'react';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import {
  INTRO_MAX,
  mailingDraftBody,
  SUBJECT_MAX,
  type MailingDraftBody,
  type NewsletterOverview,
} from '@shared/schemas/newsletter.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { Button } from '@client/components/ui/button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { FormField } from '@client/components/ui/form-field.js';
import { Modal } from '@client/components/ui/modal.js';
import { TextareaField } from '@client/components/ui/textarea-field.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { useSendTest, useStartMailing } from '../api/newsletter.js';
import { EpisodePicker, type PickedEpisode } from './episode-picker.js';
import { MailPreview } from './mail-preview.js';

type Field = 'subject' | 'intro' | 'video_ids';

/** Which field a refusal of the draft is about (the server's texts are the schema's). */
const FIELD_OF: Record<string, Field> = {
  [m.subjectRequired]: 'subject',
  [m.subjectTooLong]: 'subject',
  [m.introTooLong]: 'intro',
  [m.episodesRequired]: 'video_ids',
  [m.episodesTooMany]: 'video_ids',
  [m.episodesRepeated]: 'video_ids',
  [m.episodeMissing]: 'video_ids',
  [m.episodePrivate]: 'video_ids',
};

/**
 * A new mailing: subject, intro and episodes; Preview draws it, Send me a test mails it to the
 * administrator, Send asks first, then starts it.
 */
export function ComposePanel({ overview }: { overview: NewsletterOverview }) {
  const [subject, setSubject] = useState('');
  const [intro, setIntro] = useState('');
  const [picked, setPicked] = useState<PickedEpisode[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [previewed, setPreviewed] = useState<MailingDraftBody | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { flash, show, dismiss } = useFlash();
  const test = useSendTest();
  const start = useStartMailing();
  const busy = test.isPending || start.isPending;
  const blocked = !overview.mail_configured || overview.current !== null;

  /** The draft if it passes the schema, with each refusal under its field otherwise. */
  const checked = (): MailingDraftBody | null => {
    const parsed = mailingDraftBody.safeParse({
      subject,
      intro,
      video_ids: picked.map((episode) => episode.id),
    });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[issue.message] ?? (issue.path[0] as Field);
      found[field] ??= issue.message;
    }
    setErrors(found);
    return null;
  };

  const refused = (text: string, error: unknown) => {
    const message = error instanceof Error ? error.message : '';
    const field = FIELD_OF[message];
    if (field) setErrors({ [field]: message });
    show(failureFlash(text, error, Boolean(field)));
  };

  const sendTest = () => {
    const draft = checked();
    if (!draft || busy) return;
    dismiss();
    test.mutate(draft, {
      onSuccess: ({ to }) => show({ tone: 'success', text: u.testSent(to) }),
      onError: (error) => refused(u.testFailed, error),
    });
  };

  const send = () => {
    const draft = checked();
    setConfirming(false);
    if (!draft || busy) return;
    dismiss();
    start.mutate(draft, {
      onSuccess: () => {
        setSubject('');
        setIntro('');
        setPicked([]);
        setPreviewed(null);
        show({ tone: 'success', text: u.started });
      },
      onError: (error) => refused(u.sendFailed, error),
    });
  };

  return (
    <AdminPanel title={u.composeTitle} className="newsletter-compose">
      <form
        className="form newsletter-form"
        aria-label={u.composeTitle}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (checked()) setConfirming(true);
        }}
      >
        <FormField
          label={u.subject}
          value={subject}
          maxLength={SUBJECT_MAX}
          required
          error={errors.subject}
          onChange={(event) => {
            setSubject(event.target.value);
            setPreviewed(null);
          }}
        />
        <TextareaField
          label={u.intro}
          value={intro}
          rows={4}
          maxLength={INTRO_MAX}
          error={errors.intro}
          hint={u.introHint}
          onChange={(event) => {
            setIntro(event.target.value);
            setPreviewed(null);
          }}
        />
        <EpisodePicker
          suggested={overview.suggested}
          picked={picked}
          onChange={(next) => {
            setPicked(next);
            setPreviewed(null);
          }}
          error={errors.video_ids}
        />
        <FlashMessage flash={flash} onDismiss={dismiss} />
        <div className="newsletter-actions">
          <Button
            variant="secondary"
            onClick={() => {
              const draft = checked();
              if (draft) setPreviewed(draft);
            }}
          >
            {u.preview}
          </Button>
          <Button
            variant="secondary"
            aria-disabled={busy || !overview.mail_configured || undefined}
            onClick={() => overview.mail_configured && sendTest()}
          >
            {u.sendTest}
          </Button>
          <Button type="submit" aria-disabled={busy || blocked || undefined} disabled={blocked}>
            {u.send}
          </Button>
        </div>
      </form>
      {previewed && <MailPreview draft={previewed} />}
      <Modal open={confirming} title={u.sendConfirmTitle} onClose={() => setConfirming(false)}>
        <p>{u.sendConfirm(overview.subscribers)}</p>
        <div className="newsletter-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {u.back}
          </Button>
          <Button onClick={send}>{u.sendNow}</Button>
        </div>
      </Modal>
    </AdminPanel>
  );
}
