import { useEffect } from 'react';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { fieldLabels as label } from '@shared/messages/field-labels.js';
import { TEXT_MAX } from '@shared/validation.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import {
  featuredVideoBody,
  type FeaturedVideo,
  type FeaturedVideoInput,
} from '@shared/schemas/admin-videos.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { ADMIN_MESSAGE_MS, failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { useForm } from '@client/lib/use-form.js';
import { useFeaturedVideo, useSaveFeaturedVideo } from '../api/featured-video.js';
import { PrivacyBadge } from './privacy-badge.js';

/** The home page's hero: a title and the link of the video it shows. */
export function FeaturedVideoPanel() {
  const featured = useFeaturedVideo();

  useEffect(() => {
    if (featured.error) console.error(ui.featuredLoadFailed, featured.error);
  }, [featured.error]);

  let body;
  if (featured.isPending) body = <LoadingView label="Loading the featured video…" />;
  else if (featured.isError)
    body = (
      <div className="videos-page__error-block">
        <p className="admin-error" role="alert">
          {ui.featuredLoadFailed}
        </p>
        <Button variant="secondary" onClick={() => void featured.refetch()}>
          Try again
        </Button>
      </div>
    );
  else body = <FeaturedVideoForm featured={featured.data} />;

  return (
    <AdminPanel title="Featured Video" className="featured-panel">
      {body}
    </AdminPanel>
  );
}

function FeaturedVideoForm({ featured }: { featured: FeaturedVideo }) {
  const save = useSaveFeaturedVideo();
  const { flash, show, dismiss } = useFlash(ADMIN_MESSAGE_MS);
  // The fields start from what is saved; a background refresh does not overwrite the typing.
  const form = useForm<FeaturedVideoInput>(
    { title: featured.title, link: featured.link },
    { schema: featuredVideoBody },
  );

  const onValid = (values: FeaturedVideoInput) => {
    dismiss();
    save.mutate(
      { title: values.title.trim(), link: values.link.trim() },
      {
        onSuccess: () => show({ tone: 'success', text: adminUiMessages.featuredUpdated }),
        onError: (error) => {
          const onField = form.showServerError(error);
          show(failureFlash(adminUiMessages.featuredUpdateFailed, error, onField));
        },
      },
    );
  };

  const { video } = featured;
  return (
    <form className="form featured-form" noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormField
        label={label.featuredTitle}
        maxLength={TEXT_MAX.featuredTitle}
        {...form.bind('title')}
      />
      <FormField
        label={label.featuredLink}
        type="url"
        inputMode="url"
        maxLength={TEXT_MAX.link}
        placeholder="https://www.youtube.com/watch?v=…"
        {...form.bind('link')}
      />
      {video ? (
        <div className="featured-form__current">
          <img className="admin-thumb" src={video.thumbnail} alt="" width={96} height={54} />
          <p className="admin-grow">
            <span className="featured-form__kicker">Linked video</span>
            <span className="featured-form__title">{video.title}</span>
          </p>
          <PrivacyBadge video={video} />
        </div>
      ) : (
        featured.link && <p className="admin-empty">{ui.featuredNotInCatalogue}</p>
      )}
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="featured-form__actions">
        <SubmitButton pending={save.isPending} busy="Saving…">
          Save Changes
        </SubmitButton>
      </div>
    </form>
  );
}
