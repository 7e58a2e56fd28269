/**
 * Hard-coded sample figures for the previews under the 'Coming Soon' overlays (charity-area spec: Overview
 * stat cards, Analytics tab, View Posts). Never a charity's real data; every screen marks them as samples.
 */
export const SAMPLE_STATS = [
  { label: 'Total Supporters', value: '248', note: '+12 this month' },
  { label: 'Total Raised', value: '£12,480', note: 'Since joining' },
  { label: 'This Month', value: '£1,350', note: '+8% on last month' },
  { label: 'Lives Impacted', value: '1,120', note: 'Reported by you' },
] as const;

export const SAMPLE_ANALYTICS_CARDS = [
  { label: 'Profile Views', value: '2,847', note: '+12% on last month' },
  { label: 'Post Engagement', value: '68%', note: '+5% on last month' },
  { label: 'New Followers', value: '156', note: '+23 this week' },
  { label: 'Donation Rate', value: '4.2%', note: 'of profile visitors' },
] as const;

export const SAMPLE_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'] as const;
/** Monthly donations in pounds, Jan-Jun. */
export const SAMPLE_DONATIONS = [820, 1040, 960, 1280, 1190, 1350] as const;
/** Monthly profile views, Jan-Jun. */
export const SAMPLE_VIEWS = [310, 420, 390, 510, 560, 657] as const;

export const SAMPLE_ACTIVITY = [
  { text: 'A supporter donated £25', when: '2 hours ago' },
  { text: '12 people liked your post "Winter coat drive"', when: '5 hours ago' },
  { text: '3 new followers', when: 'Yesterday' },
  { text: 'Your explore view was seen 48 times', when: '2 days ago' },
] as const;

export const SAMPLE_POST_TYPES = [
  { id: 'photo', label: 'Photo', hint: 'Share a moment from your work' },
  { id: 'video', label: 'Video', hint: 'Show your volunteers in action' },
  { id: 'story', label: 'Story', hint: 'Tell the story behind a gift' },
  { id: 'event', label: 'Event', hint: 'Invite supporters along' },
] as const;

export const SAMPLE_POST_FILTERS = ['All', 'Published', 'Drafts', 'Scheduled'] as const;

export const SAMPLE_POSTS = [
  {
    title: 'Winter coat drive: thank you!',
    type: 'Photo',
    status: 'Published',
    date: '12 November',
    stats: '48 likes · 6 comments',
  },
  {
    title: 'Meet Priya, our newest volunteer',
    type: 'Story',
    status: 'Published',
    date: '3 November',
    stats: '31 likes · 4 comments',
  },
  {
    title: 'Community lunch at the hall',
    type: 'Event',
    status: 'Scheduled',
    date: '6 December',
    stats: 'Goes out at 9:00',
  },
  { title: 'A day at the larder', type: 'Video', status: 'Draft', date: 'Not published', stats: 'Draft' },
] as const;
