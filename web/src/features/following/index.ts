/**
 * Following a charity (issue 44), as the charity page and the thank-you page use it: the Follow button and the
 * thank-you offer (their forms load lazily). The link pages (confirm, unsubscribe, manage) are route modules.
 */
export { FollowControl, FollowOffer } from './components/follow-entry';
