import { EXPLORE_POSTS_LIMIT } from '@shared/posts';
import type { CharityProfile, VerificationFlags } from '../../data/charities';
import type { ExploreRecord } from '../../data/explore';
import type { PostRecord } from '../../data/posts';
import { type ExploreListDeps, listExplorePages } from './explore';

const NOW = '2026-03-02T10:00:00.000Z';

const profile = (id: string): CharityProfile => ({
  id,
  charity_name: `Registered ${id}`,
  display_name: `Shown ${id}`,
  email: `${id}@example.org`,
  registration_number: `8000000${id.length}`,
  created_at: NOW,
  profile_image_name: null,
  live_page_id: 'page-1',
  stripe_account_id: null,
  register_email: null,
});

const flags = (over: Partial<VerificationFlags> = {}): VerificationFlags => ({
  verified: true,
  finished_setting_up_account: true,
  valid_main_page: true,
  valid_explore_page: true,
  page_is_liveable: true,
  page_is_live: true,
  total_failures: 0,
  locked: false,
  needs_manual_verification: false,
  expires_at: NOW,
  ...over,
});

const explore = (charityId: string): ExploreRecord => ({
  id: `explore-${charityId}`,
  charity_id: charityId,
  short_description: 'Hot meals',
  long_description: 'Every Friday.',
  is_active: true,
  grid_media_id: null,
  complete: true,
  version: 1,
  created_at: NOW,
  updated_at: NOW,
});

const post = (charityId: string, n: number): PostRecord => ({
  id: `post-${n}`,
  charity_id: charityId,
  type: 'story',
  status: 'published',
  title: `Story ${n}`,
  text: `What happened, part ${n}.`,
  media: [],
  starts_at: null,
  ends_at: null,
  online: false,
  place: '',
  link: '',
  scheduled_for: null,
  published_at: `2026-03-0${n}T09:00:00.000Z`,
  created_at: NOW,
  updated_at: NOW,
  version: 1,
});

/** Two active explore pages: `live` (live and vetted) and `offline` (vetted, taken offline), 8 posts each. */
function deps(updatesOpen: boolean) {
  const asked: { userId: string; limit: number }[] = [];
  const state: Record<string, VerificationFlags> = { live: flags(), offline: flags({ page_is_live: false }) };
  const d: ExploreListDeps = {
    updatesOpen,
    explore: {
      listActive: async () => [explore('live'), explore('offline')],
      media: async () => [],
    } as unknown as ExploreListDeps['explore'],
    charities: {
      getProfile: async (id: string) => profile(id),
      getVerification: async (id: string) => state[id],
    } as unknown as ExploreListDeps['charities'],
    posts: {
      // As the data module answers: newest first, at most `limit`.
      listPublished: async (userId: string, limit: number) => {
        asked.push({ userId, limit });
        return [1, 2, 3, 4, 5, 6, 7, 8]
          .map((n) => post(userId, n))
          .reverse()
          .slice(0, limit);
      },
    },
  };
  return { d, asked };
}

describe('the donors explore listing with posts (decision 20.30)', () => {
  it('carries a visible charity its newest published posts, newest first, at most the large feed holds', async () => {
    const { d, asked } = deps(true);
    const out = await listExplorePages(d);
    const live = out.pages.find((p) => p.charity_id === 'live');
    expect(asked).toEqual([{ userId: 'live', limit: EXPLORE_POSTS_LIMIT }]);
    expect(live?.posts.map((p) => p.title)).toEqual([
      'Story 8',
      'Story 7',
      'Story 6',
      'Story 5',
      'Story 4',
      'Story 3',
    ]);
    expect(live?.posts[0]).toMatchObject({ id: 'post-8', type: 'story', text: 'What happened, part 8.' });
    // A charity taken offline keeps its explore page (as before) but publishes to no one.
    const offline = out.pages.find((p) => p.charity_id === 'offline');
    expect(offline).toBeDefined();
    expect(offline?.posts).toEqual([]);
  });

  it('shows no posts while updates are closed on the stage, and does not read them', async () => {
    const { d, asked } = deps(false);
    const out = await listExplorePages(d);
    expect(out.pages).toHaveLength(2);
    expect(out.pages.every((p) => p.posts.length === 0)).toBe(true);
    expect(asked).toEqual([]);
  });
});
