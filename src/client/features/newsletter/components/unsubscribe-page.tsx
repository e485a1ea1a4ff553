import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import { pageLink } from '@shared/page-paths.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { ApiError } from '@client/lib/api-client.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { unsubscribeStateQuery, useUnsubscribe } from '../api/unsubscribe.js';
import './unsubscribe-page.css';

const never = () => () => undefined;

/** Moves focus to what replaced the focused button (a ref callback: runs once it is drawn). */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

const reasonOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : u.unsubscribeFailed;

/**
 * /unsubscribe?token=…: a newsletter's link, for people (a mail client's one-click is a POST to
 * the same address). Opening it changes nothing; the button unsubscribes, no sign-in needed.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams();
  // The server draws the page without its query (every token gets the same drawn page), so its
  // draw and the browser's taking it over show the loading view; the token is read after that.
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const token = hydrated ? (search.get('token') ?? '') : null;
  const { brand } = useSiteConfig();
  return (
    <article className="unsubscribe-page">
      <PageTitle page={u.unsubscribeTitle} />
      <h1>{u.unsubscribeTitle}</h1>
      {token === null ? (
        <LoadingView label={u.unsubscribeLoading} />
      ) : token ? (
        <UnsubscribeForm token={token} brand={brand} />
      ) : (
        <StatusMessage tone="error">{u.unsubscribeNoToken}</StatusMessage>
      )}
    </article>
  );
}

function UnsubscribeForm({ token, brand }: { token: string; brand: string }) {
  const state = useQuery(unsubscribeStateQuery(token));
  const unsubscribe = useUnsubscribe();

  if (state.isPending) return <LoadingView label={u.unsubscribeLoading} />;
  if (state.isError) return <StatusMessage tone="error">{reasonOf(state.error)}</StatusMessage>;

  const done = unsubscribe.data ?? (state.data.data.subscribed ? null : state.data);
  if (done) {
    return (
      <>
        {/* Focused when it replaces the button, so keyboard and screen reader users land on it. */}
        <div ref={focusOnMount} tabIndex={-1} className="unsubscribe-page__done">
          <StatusMessage tone="success">{done.message}</StatusMessage>
        </div>
        <p>{u.unsubscribeDone}</p>
        <p className="unsubscribe-page__links">
          <Link to={pageLink.account}>{u.unsubscribeAccount}</Link>
          <Link to={pageLink.home}>{u.unsubscribeHome}</Link>
        </p>
      </>
    );
  }
  return (
    <form
      className="unsubscribe-page__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!unsubscribe.isPending) unsubscribe.mutate(token);
      }}
    >
      <p>{u.unsubscribeAsk(state.data.data.email, brand)}</p>
      {unsubscribe.isError && (
        <StatusMessage tone="error">{reasonOf(unsubscribe.error)}</StatusMessage>
      )}
      <Button type="submit" disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? u.unsubscribing : u.unsubscribeButton}
      </Button>
    </form>
  );
}
