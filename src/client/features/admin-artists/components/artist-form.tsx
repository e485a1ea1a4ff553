import { useId } from 'react';
import { useNavigate } from 'react-router';
import { adminArtistsUiMessages as ui } from '@shared/messages/admin-artists-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import { fieldLabels as label } from '@shared/messages/field-labels.js';
import { validationMessages as v } from '@shared/messages/validation.js';
import {
  ARTIST_DESCRIPTION_MAX_LENGTH,
  ARTIST_IMAGE_MAX_LENGTH,
  ARTIST_NAME_MAX_LENGTH,
  createArtistBody,
  isArtistImagePath,
} from '@shared/schemas/artists.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { ArtistImage } from '@client/components/catalogue/artist-image.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { FormField } from '@client/components/ui/form-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { TextareaField } from '@client/components/ui/textarea-field.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { useForm } from '@client/lib/use-form.js';
import { useCreateArtist, useUpdateArtist, type ArtistPayload } from '../api/admin-artists.js';
import '@client/components/ui/button.css';
import { adminLink } from '@shared/page-paths.js';

interface Values {
  img_path: string;
  name: string;
  description: string;
  featured: '1' | '0';
}

/** A new artist starts empty and not featured. */
const EMPTY: Values = { img_path: '', name: '', description: '', featured: '0' };

const valuesOf = (artist: Artist): Values => ({
  img_path: artist.img_path,
  name: artist.name,
  description: artist.description,
  featured: artist.featured === 1 ? '1' : '0',
});

const toPayload = (values: Values): ArtistPayload => ({
  name: values.name.trim(),
  description: values.description.trim(),
  img_path: values.img_path.trim(),
  featured: values.featured === '1' ? 1 : 0,
});

/** Name and description share the spec's one message, shown once above the buttons. */
const RULES = {
  schema: createArtistBody,
  body: toPayload,
  texts: { [am.imagePathInvalid]: ui.imagePathInvalid },
  formTexts: [v.artistFillAll],
};

/**
 * The New Artist / Edit Artist form. Creating resets it (image cleared) after the green message;
 * editing shows the saved artist again, so the admin sees what was stored.
 */
export function ArtistForm({ artist }: { artist?: Artist }) {
  const navigate = useNavigate();
  const create = useCreateArtist();
  const update = useUpdateArtist();
  const { flash, show, dismiss } = useFlash();
  const form = useForm<Values>(artist ? valuesOf(artist) : EMPTY, RULES);
  const pending = create.isPending || update.isPending;
  const missing = Object.values(form.errors).includes(v.artistFillAll);
  const imagePath = form.values.img_path.trim();

  const failed = (text: string) => (error: Error) => {
    show(failureFlash(text, error, form.showServerError(error)));
  };
  const saved = (values: Values, text: string) => {
    form.reset(values);
    show({ tone: 'success', text });
  };

  const publish = (values: Values) => {
    if (pending) return;
    const body = toPayload(values);
    if (artist) {
      update.mutate(
        { id: artist.id, ...body },
        {
          onSuccess: (stored) => saved(valuesOf(stored), t.artistEdited),
          onError: failed(t.artistEditFailed),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => saved(EMPTY, t.artistCreated),
        onError: failed(t.artistCreateFailed),
      });
    }
  };

  return (
    <form className="artist-form" noValidate onSubmit={form.handleSubmit(publish, dismiss)}>
      <div className="artist-form__image">
        <ArtistImage
          className="artist-form__preview"
          // Only an address the site accepts is tried; anything else previews as the default logo.
          src={isArtistImagePath(imagePath) ? imagePath : ''}
          alt="Image preview"
          size={192}
        />
        <FormField
          label={label.imageUrl}
          inputMode="url"
          autoComplete="off"
          placeholder="https://… or /media/…"
          maxLength={ARTIST_IMAGE_MAX_LENGTH}
          {...form.bind('img_path')}
        />
      </div>
      <div className="artist-form__fields">
        <FormField
          label={label.artistName}
          autoComplete="off"
          required
          maxLength={ARTIST_NAME_MAX_LENGTH}
          {...form.bind('name')}
        />
        <TextareaField
          label={label.artistDescription}
          rows={7}
          required
          maxLength={ARTIST_DESCRIPTION_MAX_LENGTH}
          {...form.bind('description')}
        />
        <fieldset className="artist-form__choices">
          <legend>{ui.featuredLegend}</legend>
          <FeaturedChoice
            label="Featured"
            hint={t.featuredExplanation}
            {...form.radio('featured', '1')}
          />
          <FeaturedChoice
            label="Not Featured"
            hint={t.notFeaturedExplanation}
            {...form.radio('featured', '0')}
          />
        </fieldset>
      </div>
      <div className="artist-form__footer">
        {missing && <StatusMessage tone="error">{v.artistFillAll}</StatusMessage>}
        <FlashMessage flash={flash} onDismiss={dismiss} />
        <div className="artist-form__actions">
          <button
            type="button"
            className="btn btn--secondary"
            // Spec: Discard goes to /admin/newArtist and starts over (the page keys the form by location).
            onClick={() => void navigate(adminLink.newArtist)}
          >
            Discard
          </button>
          {/* aria-disabled, not disabled: the focus stays on the button while it publishes. */}
          <button type="submit" className="btn btn--primary" aria-disabled={pending || undefined}>
            {pending ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </div>
    </form>
  );
}

function FeaturedChoice({
  label,
  hint,
  ...radio
}: {
  label: string;
  hint: string;
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
}) {
  const id = useId();
  return (
    <div className="artist-form__choice">
      <input id={id} type="radio" aria-describedby={`${id}-hint`} {...radio} />
      <label htmlFor={id} className="artist-form__choice-label">
        {label}
      </label>
      {/* Outside the label, so the radio's name stays "Featured" and the hint is its description. */}
      <span id={`${id}-hint`} className="artist-form__choice-hint">
        {hint}
      </span>
    </div>
  );
}
