import { PageLink } from '@client/components/ui/page-link.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import { pageLink } from '@shared/page-paths.js';
import './catalogue.css';

/** A video's tags as pills, each opening its category; nothing when it has none. */
export function TagLinks({ tags, onFollow }: { tags: readonly Tag[]; onFollow?: () => void }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-links" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id}>
          <PageLink className="tag-links__tag" to={pageLink.category(tag.id)} onClick={onFollow}>
            {tag.name}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}
