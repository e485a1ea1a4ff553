import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import { channelsMessages as m } from '@shared/messages/channels.js';
import {
  importPrivacy,
  SYNC_MINUTES_MAX,
  SYNC_MINUTES_MIN,
  syncSettingsBody,
  type ImportPrivacy,
  type SyncSettings,
} from '@shared/schemas/channels.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { FormField } from '@client/components/ui/form-field.js';
import { SelectField } from '@client/components/ui/select-field.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { useForm } from '@client/lib/use-form.js';
import { useSaveSyncSettings } from '../api/channels.js';
import { IMPORT_PRIVACY_WORDS } from '../utils/channel-words.js';

const valuesOf = (settings: SyncSettings) => ({
  every_minutes: String(settings.every_minutes),
  import_privacy: settings.import_privacy as string,
  publish_at_premiere: settings.publish_at_premiere,
});
type Values = ReturnType<typeof valuesOf>;

const toBody = (values: Values) => ({
  // An empty field is no number: the schema says so, as it does for 0.
  every_minutes: values.every_minutes.trim() === '' ? Number.NaN : Number(values.every_minutes),
  import_privacy: values.import_privacy as ImportPrivacy,
  publish_at_premiere: values.publish_at_premiere,
});

const RULES = {
  schema: syncSettingsBody,
  body: toBody,
  refusals: {
    [m.everyMinutesInvalid]: 'every_minutes',
    [m.importPrivacyInvalid]: 'import_privacy',
    [m.publishAtPremiereInvalid]: 'publish_at_premiere',
  },
} as const;

/** Sync every, Import new uploads as, Publish premieres at their start time, Save. */
export function SyncSettingsForm({ settings }: { settings: SyncSettings }) {
  const form = useForm(() => valuesOf(settings), RULES);
  const { flash, show, dismiss } = useFlash();
  const save = useSaveSyncSettings();

  const submit = (values: Values) => {
    if (save.isPending) return;
    dismiss();
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        show({ tone: 'success', text: u.settingsSaved });
      },
      onError: (error) => {
        show(failureFlash(u.settingsFailed, error, form.showServerError(error)));
      },
    });
  };

  return (
    <form
      className="form channels-settings"
      aria-label={u.settingsTitle}
      noValidate
      onSubmit={form.handleSubmit(submit)}
    >
      <FormField
        label={u.everyMinutes}
        type="number"
        inputMode="numeric"
        min={SYNC_MINUTES_MIN}
        max={SYNC_MINUTES_MAX}
        step={1}
        hint={`From ${SYNC_MINUTES_MIN} to ${SYNC_MINUTES_MAX} minutes`}
        fieldClassName="channels-settings__minutes"
        {...form.bind('every_minutes')}
      />
      <SelectField label={u.importAs} {...form.bind('import_privacy')}>
        {importPrivacy.options.map((option) => (
          <option key={option} value={option}>
            {IMPORT_PRIVACY_WORDS[option]}
          </option>
        ))}
      </SelectField>
      <label className="checkbox">
        <input type="checkbox" {...form.checkbox('publish_at_premiere')} />
        {u.publishAtPremiere}
      </label>
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="channels-form__actions">
        <SubmitButton pending={save.isPending} busy={u.saving}>
          {u.save}
        </SubmitButton>
      </div>
    </form>
  );
}
