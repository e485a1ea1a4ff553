import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import type { NewsletterOverview } from '@shared/schemas/newsletter.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { Sparkline } from '@client/components/admin/sparkline.js';

/** The subscriber count, its change over 30 days and a line of each day's count. */
export function SubscribersPanel({ overview }: { overview: NewsletterOverview }) {
  const first = overview.trend[0]?.subscribers ?? overview.subscribers;
  const change = overview.subscribers - first;
  return (
    <AdminPanel title={u.subscribersTitle} className="newsletter-subscribers">
      <p className="newsletter-subscribers__count">{u.subscribersCount(overview.subscribers)}</p>
      <p className="newsletter-subscribers__change">{u.trendChange(change)}</p>
      <figure className="newsletter-subscribers__trend" aria-label={u.trendLabel}>
        <Sparkline values={overview.trend.map((day) => day.subscribers)} />
        <figcaption className="visually-hidden">
          {u.trendLabel}: {first.toLocaleString('en-US')} to{' '}
          {overview.subscribers.toLocaleString('en-US')}
        </figcaption>
      </figure>
    </AdminPanel>
  );
}
