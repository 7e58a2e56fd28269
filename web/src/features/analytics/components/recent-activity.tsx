import type { AnalyticsActivity } from '@shared/api/schemas/analytics';
import { formatPence } from '@shared/giving';
import { POST_TYPE_LABELS, type PostType } from '@shared/posts';
import { formatDateTime, longDate } from '@/lib/format';

const UK = 'Europe/London';

/** One line of recent activity: what happened and when (never who follows: only how many). */
function describe(item: AnalyticsActivity): { key: string; text: string; when: string; at: string } {
  switch (item.kind) {
    case 'gift':
      return {
        key: `gift-${item.at}-${item.amount_pence}`,
        text: item.donor_name
          ? `${item.donor_name} gave ${formatPence(item.amount_pence)}`
          : `A supporter gave ${formatPence(item.amount_pence)}`,
        when: formatDateTime(item.at, UK),
        at: item.at,
      };
    case 'follows':
      return {
        key: `follows-${item.day}`,
        text: item.count === 1 ? '1 new follower' : `${item.count} new followers`,
        when: longDate(`${item.day}T12:00:00Z`, UK) ?? item.day,
        at: item.day,
      };
    case 'post': {
      const type = POST_TYPE_LABELS[item.post_type as PostType] ?? 'Post';
      return {
        key: `post-${item.at}`,
        text: item.title.trim() ? `${type} published: ${item.title}` : `${type} published`,
        when: formatDateTime(item.at, UK),
        at: item.at,
      };
    }
  }
}

/** Recent Activity: gifts, new followers and posts, newest first (at most 10). */
export function RecentActivity({ items }: { items: readonly AnalyticsActivity[] }) {
  return (
    <section className="card" aria-labelledby="activity-title">
      <h3 id="activity-title" className="dash-card__title">
        Recent Activity
      </h3>
      {items.length === 0 ? (
        <p className="analytics__empty">
          Nothing yet. Gifts, new followers and the posts you publish will show here.
        </p>
      ) : (
        <ul className="activity">
          {items.map((item) => {
            const line = describe(item);
            return (
              <li key={line.key}>
                <span>{line.text}</span>
                <time className="activity__when" dateTime={line.at}>
                  {line.when}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
