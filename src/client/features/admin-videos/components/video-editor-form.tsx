import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { adminEditorUiMessages as t } from '@shared/messages/admin-editor-ui.js';
import { adminUiMessages as ui } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { fieldLabels as label } from '@shared/messages/field-labels.js';
import { validationMessages } from '@shared/messages/validation.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { parseYoutubeId } from '@shared/schemas/youtube-url.js';
import { TEXT_MAX } from '@shared/validation.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { FormField } from '@client/components/ui/form-field.js';
import { TextareaField } from '@client/components/ui/textarea-field.js';
import { failureFlash, useFlash, type Flash } from '@client/components/ui/use-flash.js';
import { useForm } from '@client/lib/use-form.js';
import { importVideo } from '../api/editor-import.js';
import { useSaveVideo } from '../api/editor-save.js';
import { editorVideoQuery } from '../api/editor-video.js';
import {
  EDITOR_RULES,
  EMPTY_VALUES,
  NO_EPISODE,
  updateBody,
  valuesFromVideo,
  type EditorValues,
} from '../utils/editor-form.js';
import { importFailureFlash } from '../utils/editor-messages.js';
import { localTimeZone } from '../utils/publish-time.js';
import { startTagChanges, type TagChanges } from '../utils/editor-tag-changes.js';
import { useUnsavedChangesGuard } from './unsaved-changes-guard.js';
import { VideoEditorPreview } from './video-editor-preview.js';
import { VideoEditorTags } from './video-editor-tags.js';
import './video-editor.css';
import { adminLink, pageLink } from '@shared/page-paths.js';

/** What the editor's URL may carry: a Discard counter (to start over) or a message to show. */
export interface EditorLocationState {
  reset?: number;
  flash?: Flash;
}

/**
 * The form of /admin/newVideo and /admin/editVideo/{id}: find a video by its YouTube link (Enter
 * in the link field finds it), then title, episode number, description, privacy (a Private video
 * may be given a time to turn Public by itself) and tags;
 * Discard starts over on /admin/newVideo, Publish saves.
 */
export function VideoEditorForm({ video }: { video: Video | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { flash, show, dismiss } = useFlash();
  const form = useForm<EditorValues>(
    () => (video ? valuesFromVideo(video) : EMPTY_VALUES),
    EDITOR_RULES,
  );
  const { values } = form;
  const [current, setCurrent] = useState<Video | null>(video);
  const [tags, setTags] = useState<TagChanges>(() => startTagChanges(video?.tags ?? []));
  // What the server holds (or the empty form): edits differ from it until Publish succeeds.
  const [savedValues, setSavedValues] = useState<EditorValues>(values);
  const dirty =
    JSON.stringify(values) !== JSON.stringify(savedValues) ||
    tags.create.length + tags.add.length + tags.remove.length > 0;
  const guard = useUnsavedChangesGuard(dirty, t.unsavedText);
  const find = useMutation({ mutationFn: importVideo });
  const save = useSaveVideo();
  const ids = { episode: useId(), episodeHint: useId(), privacy: useId() };
  const focus = form.focus;

  const state = location.state as EditorLocationState | null;
  const arrivedWith = useRef(state?.flash);
  useEffect(() => {
    // A message carried here (after an import) shows once; a reload must not show it again.
    const carried = arrivedWith.current;
    if (!carried) return;
    arrivedWith.current = undefined;
    show(carried);
    focus('title');
    void navigate(location.pathname, { replace: true, state: null });
  }, [show, navigate, location.pathname, focus]);

  const noEpisode = values.episode === NO_EPISODE;
  const { error: episodeProblem, ...episodeInput } = form.bind('episode');
  const busy = find.isPending || save.isPending;

  function onFind(event: FormEvent) {
    event.preventDefault();
    const link = values.link.trim();
    if (link === '') {
      show({ tone: 'error', text: t.linkRequired });
      focus('link');
      return;
    }
    if (!parseYoutubeId(link)) {
      show({ tone: 'error', text: ui.videoImportFailed, detail: apiMessages.youtubeLinkInvalid });
      focus('link');
      return;
    }
    dismiss();
    find.mutate(link, {
      onSuccess: (found) => {
        // The form now edits the imported video (its id and public state).
        queryClient.setQueryData(editorVideoQuery(String(found.id)).queryKey, found);
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin-editor' });
        const next: EditorLocationState = { flash: { tone: 'success', text: ui.videoImported } };
        guard.allowLeaving();
        void navigate(adminLink.editVideo(found.id), { replace: true, state: next });
      },
      onError: (error) => show(importFailureFlash(error)),
    });
  }

  function publish(typed: EditorValues) {
    if (!current) {
      show({ tone: 'error', text: t.findFirst });
      focus('link');
      return;
    }
    if (parseYoutubeId(typed.link) !== current.youtube_id) {
      show({ tone: 'error', text: t.linkChanged });
      focus('link');
      return;
    }
    dismiss();
    save.mutate(
      { body: updateBody(current.id, typed, savedValues.publishAt), tags },
      {
        onSuccess: (result) => {
          setSavedValues(typed);
          setCurrent({ ...result.video, tags: result.tags });
          setTags(startTagChanges(result.tags));
          show({ tone: 'success', text: ui.videoUpdated });
        },
        onError: (error) => {
          show(failureFlash(ui.videoUpdateFailed, error, form.showServerError(error)));
        },
      },
    );
  }

  // An empty field is the spec's one message; a wrong episode number says so under its field.
  const refused = (_: unknown, errors: Partial<Record<string, string>>) => {
    if (Object.values(errors).includes(validationMessages.videoFillAll)) {
      show({ tone: 'error', text: validationMessages.videoFillAll });
    } else dismiss();
  };

  const discardState: EditorLocationState = { reset: (state?.reset ?? 0) + 1 };

  return (
    <AdminPage
      title={video ? t.editTitle : t.newTitle}
      actions={
        current?.public_state && (
          <Link className="btn btn--secondary" to={pageLink.video(current.id)}>
            View on site
          </Link>
        )
      }
    >
      <FlashMessage flash={flash} onDismiss={dismiss} />
      {guard.dialog}
      <div className="editor-layout">
        <AdminPanel title="YouTube Video" className="editor-layout__video">
          <form className="editor-find" noValidate onSubmit={onFind} aria-busy={find.isPending}>
            <FormField
              label="YouTube link"
              fieldClassName="editor-find__field"
              type="url"
              inputMode="url"
              maxLength={TEXT_MAX.link}
              placeholder="https://youtu.be/…"
              {...form.bind('link')}
            />
            <SubmitButton pending={find.isPending} busy="Finding…" disabled={busy}>
              Find Video
            </SubmitButton>
          </form>
          <VideoEditorPreview key={current?.id ?? 'none'} video={current} />
        </AdminPanel>

        <AdminPanel title="Details" className="editor-layout__details">
          <form
            className="form editor-details"
            noValidate
            onSubmit={form.handleSubmit(publish, refused)}
          >
            <FormField
              label={label.videoTitle}
              maxLength={TEXT_MAX.videoTitle}
              {...form.bind('title')}
            />
            <div className="field editor-details__episode">
              <label htmlFor={ids.episode}>{label.episodeNumber}</label>
              <input
                {...episodeInput}
                id={ids.episode}
                inputMode="numeric"
                // '-1' is how the API says "none" (spec); the box below says it for people.
                value={noEpisode ? '' : episodeInput.value}
                disabled={noEpisode}
                aria-describedby={
                  episodeProblem ? `${ids.episode}-error ${ids.episodeHint}` : ids.episodeHint
                }
              />
              {episodeProblem && (
                <p id={`${ids.episode}-error`} className="field__error">
                  {episodeProblem}
                </p>
              )}
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={noEpisode}
                  onChange={(event) => {
                    form.set('episode', event.target.checked ? NO_EPISODE : '');
                    // The field is enabled on the next render; focus it then.
                    if (!event.target.checked) requestAnimationFrame(() => focus('episode'));
                  }}
                />
                {t.noEpisodeNumber}
              </label>
              <p id={ids.episodeHint} className="editor-hint">
                {t.episodeHint}
              </p>
            </div>
            <TextareaField
              label={label.videoDescription}
              rows={6}
              maxLength={TEXT_MAX.videoDescription}
              {...form.bind('description')}
            />
            <fieldset className="editor-privacy">
              <legend>Privacy</legend>
              {(
                [
                  [true, 'Public', 'Anyone can watch it.'],
                  [false, 'Private', 'Only administrators can see it.'],
                ] as const
              ).map(([isPublic, label, hint]) => (
                <div key={label} className="editor-privacy__option">
                  <input
                    id={`${ids.privacy}-${label}`}
                    type="radio"
                    aria-describedby={`${ids.privacy}-${label}-hint`}
                    {...form.radio('isPublic', isPublic)}
                  />
                  <label htmlFor={`${ids.privacy}-${label}`}>{label}</label>
                  <span id={`${ids.privacy}-${label}-hint`} className="editor-hint">
                    {hint}
                  </span>
                </div>
              ))}
              {!values.isPublic && (
                <FormField
                  label={t.publishAtLabel}
                  fieldClassName="editor-privacy__schedule"
                  type="datetime-local"
                  hint={t.publishAtHint(localTimeZone())}
                  {...form.bind('publishAt')}
                />
              )}
            </fieldset>
            <VideoEditorTags changes={tags} onChange={setTags} disabled={save.isPending} />
            <div className="editor-actions">
              <Link
                className="btn btn--secondary"
                to={adminLink.newVideo}
                state={discardState}
                onClick={guard.allowLeaving}
              >
                Discard
              </Link>
              <SubmitButton pending={save.isPending} busy="Publishing…" disabled={busy}>
                Publish
              </SubmitButton>
            </div>
          </form>
        </AdminPanel>
      </div>
    </AdminPage>
  );
}
