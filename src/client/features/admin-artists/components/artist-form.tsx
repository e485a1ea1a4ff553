import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { adminArtistsUiMessages as ui } from '@shared/messages/admin-artists-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as v } from '@shared/messages/validation.js';
import {
  ARTIST_DESCRIPTION_MAX_LENGTH,
  ARTIST_IMAGE_MAX_LENGTH,
  ARTIST_NAME_MAX_LENGTH,
  isArtistImagePath,
} from '@shared/schemas/artists.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { detailOf, useFlash } from '@client/components/ui/use-flash.js';
import { ArtistImage } from '@client/components/catalogue/artist-image.js';
import { FormField } from '@client/components/ui/form-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useCreateArtist, useUpdateArtist, type ArtistPayload } from '../api/admin-artists.js';
import '@client/components/ui/button.css';

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

function problems(values: Values) {
  return {
    img_path: !isArtistImagePath(values.img_path.trim()),
    name: values.name.trim() === '',
    description: values.description.trim() === '',
  };
}

/**
 * The New Artist / Edit Artist form. Creating resets it (image cleared) after the green message;
 * editing shows the saved artist again, so the admin sees what was stored.
 */
export function ArtistForm({ artist }: { artist?: Artist }) {
  const navigate = useNavigate();
  const create = useCreateArtist();
  const update = useUpdateArtist();
  const { flash, show, dismiss } = useFlash();
  const [values, setValues] = useState<Values>(artist ? valuesOf(artist) : EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { description: useId(), featured: useId(), notFeatured: useId() };
  const pending = create.isPending || update.isPending;

  const found = problems(values);
  const shown = submitted ? found : { img_path: false, name: false, description: false };
  const missing = shown.name || shown.description;
  const imagePath = values.img_path.trim();

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const publish = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const invalid = (Object.keys(found) as (keyof typeof found)[]).filter((key) => found[key]);
    if (invalid.length > 0) {
      dismiss();
      formRef.current?.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)?.focus();
      return;
    }
    const body = toPayload(values);
    if (artist) {
      update.mutate(
        { id: artist.id, ...body },
        {
          onSuccess: (saved) => {
            setValues(valuesOf(saved));
            setSubmitted(false);
            show({ tone: 'success', text: t.artistEdited });
          },
          onError: (error) =>
            show({
              tone: 'error',
              text: t.artistEditFailed,
              detail: detailOf(error, t.artistEditFailed),
            }),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          setValues(EMPTY);
          setSubmitted(false);
          show({ tone: 'success', text: t.artistCreated });
        },
        onError: (error) =>
          show({
            tone: 'error',
            text: t.artistCreateFailed,
            detail: detailOf(error, t.artistCreateFailed),
          }),
      });
    }
  };

  return (
    <form ref={formRef} className="artist-form" noValidate onSubmit={publish}>
      <div className="artist-form__image">
        <ArtistImage
          className="artist-form__preview"
          // Only an address the site accepts is tried; anything else previews as the default logo.
          src={isArtistImagePath(imagePath) ? imagePath : ''}
          alt="Image preview"
          size={192}
        />
        <FormField
          label="Image URL"
          name="img_path"
          inputMode="url"
          autoComplete="off"
          placeholder="https://… or /media/…"
          maxLength={ARTIST_IMAGE_MAX_LENGTH}
          value={values.img_path}
          onChange={set('img_path')}
          error={shown.img_path ? ui.imagePathInvalid : undefined}
        />
      </div>
      <div className="artist-form__fields">
        <FormField
          label="Artist Name"
          name="name"
          autoComplete="off"
          required
          maxLength={ARTIST_NAME_MAX_LENGTH}
          value={values.name}
          onChange={set('name')}
          aria-invalid={shown.name || undefined}
        />
        <div className="field">
          <label htmlFor={ids.description}>Description</label>
          <textarea
            id={ids.description}
            name="description"
            rows={7}
            required
            maxLength={ARTIST_DESCRIPTION_MAX_LENGTH}
            value={values.description}
            onChange={set('description')}
            aria-invalid={shown.description || undefined}
          />
        </div>
        <fieldset className="artist-form__choices">
          <legend>{ui.featuredLegend}</legend>
          <FeaturedChoice
            id={ids.featured}
            value="1"
            label="Featured"
            hint={t.featuredExplanation}
            values={values}
            onChange={set('featured')}
          />
          <FeaturedChoice
            id={ids.notFeatured}
            value="0"
            label="Not Featured"
            hint={t.notFeaturedExplanation}
            values={values}
            onChange={set('featured')}
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
            onClick={() => void navigate('/admin/newArtist')}
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
  id,
  value,
  label,
  hint,
  values,
  onChange,
}: {
  id: string;
  value: Values['featured'];
  label: string;
  hint: string;
  values: Values;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <div className="artist-form__choice">
      <input
        id={id}
        type="radio"
        name="featured"
        value={value}
        checked={values.featured === value}
        onChange={onChange}
        aria-describedby={`${id}-hint`}
      />
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
