import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { DASHBOARD_TABS, type DashboardTab } from '@/lib/dashboard-tabs';

const { productName: product, supportEmail } = brand;

/**
 * One stop of the guided tour (charity-area spec, "Guided tour"): where it happens (a route, and on the
 * dashboard a tab) and what it says. An element with `data-tour="<id>"` on that page is highlighted when
 * it exists; dashboard steps without one highlight their tab instead.
 */
export interface TourStep {
  id: string;
  title: string;
  text: string;
  path: string;
  /** Dashboard steps: the tab the step shows. */
  tab?: DashboardTab;
  /** Where the step is, shown above its title ("Dashboard: Analytics", "Settings"). */
  place: string;
  /** The `data-tour` name of the element to highlight, when it is not the step's own id. */
  highlight?: string;
}

const dashboard = paths.charity.dashboard.getHref();
const onTab = (tab: DashboardTab) => ({
  path: dashboard,
  tab,
  place: `Dashboard: ${DASHBOARD_TABS.find((entry) => entry.id === tab)?.label ?? tab}`,
});

/** The 22 steps, in order. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: `Welcome to ${product}`,
    text: `We're so glad you're here. This short tour shows you around your dashboard and account, one step at a time, in about three minutes. You can leave whenever you like with Close or the Escape key, and come back to it from the Overview tab.`,
    ...onTab('overview'),
  },
  {
    id: 'overview',
    title: 'Your overview',
    text: 'The Overview tab is your home base: your supporters, what you have raised in all and this month, and later the lives your work has touched. Before donations open, the figures are samples, so you can see what is coming; the Donations page has every gift in full.',
    ...onTab('overview'),
  },
  {
    id: 'live-status',
    title: 'Going live',
    text: 'Page Status shows whether donors can find your charity. When every setup step is complete you can set your page live here, and take it offline again whenever you need a pause.',
    ...onTab('overview'),
  },
  {
    id: 'checklist',
    title: 'Your setup checklist',
    text: 'Four steps get you ready to go live: verify your charity email, finish your account setup, build your main page and create your explore page. Each item links straight to where you complete it, and the checklist tidies itself away once all four are done.',
    ...onTab('overview'),
  },
  {
    id: 'charity-info',
    title: 'Your charity information',
    text: `These are the details we hold for you: your registration number, the date you joined ${product} and your contact email. If anything looks wrong, let us know and we will put it right.`,
    ...onTab('overview'),
  },
  {
    id: 'analytics',
    title: 'Analytics',
    text: 'Analytics will show how people find and support you: profile views, post engagement, new followers and monthly donations. It arrives in Autumn 2025; the charts you can see today are samples.',
    ...onTab('analytics'),
  },
  {
    id: 'main-page',
    title: 'Your main page',
    text: 'Your main page is the first thing donors see: your name, your mission, your story, your photos and a Donate Now button. Setup Main Page is where you build it and keep it up to date.',
    ...onTab('setup-main-page'),
  },
  {
    id: 'template',
    title: 'Choose a template',
    text: 'Every page starts from a template. Basic is ready now and gives you a clear, friendly layout that works beautifully on phones. Multiple Tabs and Customised templates are on their way.',
    ...onTab('setup-main-page'),
  },
  {
    id: 'existing-pages',
    title: 'Your existing pages',
    text: 'Each page you save is kept in Your Main Pages. Keep drafts, edit them, choose which one is live and delete the ones you no longer need. Your live page is always protected from deletion.',
    ...onTab('setup-main-page'),
  },
  {
    id: 'customise',
    title: 'Make it yours',
    text: 'Customize Your Page opens the editor. Write your mission statement, tell your story in About Us and add photos or short videos. The phone preview beside the form shows exactly what donors will see before you save.',
    ...onTab('setup-main-page'),
  },
  {
    id: 'explore-setup',
    title: 'Your explore view',
    text: 'Explore is where new supporters discover you while browsing. Add a grid image, a few feed photos or videos and a short and a longer description, then activate your explore page when you are happy with it.',
    ...onTab('setup-explore-view'),
  },
  {
    id: 'explore-preview',
    title: 'Preview before you share',
    text: 'The phone preview switches between the grid and feed views, so you can check how your pictures and words look in each one before anyone else sees them.',
    ...onTab('setup-explore-view'),
  },
  {
    id: 'create-posts',
    title: 'Create posts',
    text: 'Posts let you share news, thank your supporters and show the difference their gifts make. Write a photo, video, story or event post here; until posts open on Kindred, this tab shows a preview of how it will work.',
    ...onTab('create-posts'),
  },
  {
    id: 'view-posts',
    title: 'View your posts',
    text: 'Every update you share will live here, with its likes and comments, so you can see which stories mean the most to your supporters.',
    ...onTab('view-posts'),
  },
  {
    id: 'account-preferences',
    title: 'Account preferences',
    text: 'Account Preferences brings everything about your account together: your profile image, payments, display name, email preferences and more. You can reach it any time from the top of your dashboard.',
    path: paths.charity.accountPreferences.getHref(),
    place: 'Account Preferences',
  },
  {
    id: 'profile-image',
    title: 'Your profile image',
    text: 'Upload your logo or a photo that says who you are. It appears beside your charity name on your page, in explore and at the top of your dashboard.',
    path: paths.charity.preferences.profileImage.getHref(),
    place: 'Account Preferences: Profile Image',
  },
  {
    id: 'payments',
    title: 'Payments',
    text: `Connect your own payment account so donations reach you directly. 100% of every donation goes to your charity and ${product} takes no fees; the card payment provider charges 1.4% plus 20p per transaction.`,
    path: paths.charity.preferences.payments.getHref(),
    place: 'Account Preferences: Payments',
  },
  {
    id: 'display-name',
    title: 'Your display name',
    text: `Your display name is how donors see your charity across ${product}. Use the name people know and love you by, even if it is shorter than your registered name.`,
    path: paths.charity.preferences.displayName.getHref(),
    place: 'Account Preferences: Display Name',
  },
  {
    id: 'email-preferences',
    title: 'Email preferences',
    text: 'Choose where we send your emails and which ones you would like: practical tips for getting the most from your page, and updates on how it is doing.',
    path: paths.charity.preferences.email.getHref(),
    place: 'Account Preferences: Email',
  },
  {
    id: 'settings',
    title: 'Settings',
    text: 'Settings looks after the practical things: changing your password and, should you ever need to, closing your account. You will always find it at the top of your dashboard.',
    path: paths.charity.settings.getHref(),
    place: 'Settings',
  },
  {
    id: 'support',
    title: 'Help and support',
    text: `Stuck, or have an idea? Real people are happy to help. The support page answers common questions and shows every way to reach us, or write to ${supportEmail} whenever you like.`,
    path: paths.charity.support.getHref(),
    place: 'Charity Support',
  },
  {
    id: 'completion',
    title: "You're all set!",
    highlight: 'checklist',
    text: `That's the tour. Your setup checklist on the Overview tab shows what is left before you go live, and you can take this tour again any time with Take Dashboard Tour. Thank you for being part of ${product}.`,
    ...onTab('overview'),
  },
];

export const TOTAL_STEPS = TOUR_STEPS.length;
