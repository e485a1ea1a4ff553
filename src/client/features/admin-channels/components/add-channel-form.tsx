import { useId } from 'react';
import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import { channelsMessages as m } from '@shared/messages/channels.js';
import { addChannelBody } from '@shared/schemas/channels.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { FormField } from '@client/components/ui/form-field.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { useForm } from '@client/lib/use-form.js';
import { useAddChannel } from '../api/channels.js';

const EMPTY = { channel: '', push: false };
type Values = typeof EMPTY;

const toBody = (values: Values) => ({ channel: values.channel.trim(), push: values.push });

/** The API's refusals of the channel given (a bad id, none on YouTube, synced already). */
const RULES = {
  schema: addChannelBody,
  body: toBody,
  refusals: {
    [m.channelRequired]: 'channel',
    [m.channelInvalid]: 'channel',
    [m.channelMissingOnYoutube]: 'channel',
    [m.channelAlreadyAdded]: 'channel',
  },
} as const;

/** Channel id or link, Instant push, Add channel. */
export function AddChannelForm({ pushAvailable }: { pushAvailable: boolean }) {
  const form = useForm(EMPTY, RULES);
  const { flash, show, dismiss } = useFlash();
  const add = useAddChannel();
  const pushNoteId = useId();

  const save = (values: Values) => {
    if (add.isPending) return;
    dismiss();
    add.mutate(toBody(values), {
      onSuccess: (channel) => {
        form.reset();
        show({ tone: 'success', text: `${u.added}: ${channel.title}` });
      },
      onError: (error) => {
        show(failureFlash(u.addFailed, error, form.showServerError(error)));
      },
    });
  };

  return (
    <form
      className="form channels-add"
      aria-label={u.addTitle}
      noValidate
      onSubmit={form.handleSubmit(save)}
    >
      <FormField
        label={u.addLabel}
        hint={u.addHint}
        autoComplete="off"
        spellCheck={false}
        {...form.bind('channel')}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          disabled={!pushAvailable}
          aria-describedby={pushAvailable ? undefined : pushNoteId}
          {...form.checkbox('push')}
        />
        {u.instantPush}
      </label>
      {!pushAvailable && (
        <p id={pushNoteId} className="field__hint">
          {u.pushUnavailable}
        </p>
      )}
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="channels-form__actions">
        <SubmitButton pending={add.isPending} busy={u.adding}>
          {u.addButton}
        </SubmitButton>
      </div>
    </form>
  );
}
