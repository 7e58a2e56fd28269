import { defineRoutes } from '../route';
import {
  ConfirmFollowResponse,
  FollowCharityRequest,
  FollowCharityResponse,
  ListFollowsResponse,
  TokenRequest,
  UnsubscribeResponse,
  UpdateFollowRequest,
} from '../schemas/following';

/** Donors following a charity's posts by mail, with no account (issue 44). */
export const followingRoutes = defineRoutes({
  'follow-charity': {
    method: 'POST',
    path: '/api/follow-charity',
    auth: 'public',
    request: FollowCharityRequest,
    response: FollowCharityResponse,
    summary:
      'Asks to follow a charity: mails a confirmation link (double opt-in); the same answer whether or not the address follows.',
  },
  'confirm-follow': {
    method: 'POST',
    path: '/api/confirm-follow',
    auth: 'public',
    request: TokenRequest,
    response: ConfirmFollowResponse,
    summary: "Confirms a follow with its mailed link's token (once, within its days).",
  },
  'unsubscribe-follow': {
    method: 'POST',
    path: '/api/unsubscribe-follow',
    auth: 'public',
    request: TokenRequest,
    response: UnsubscribeResponse,
    summary: "Stops a follow with a mail's token (the unsubscribe page's button).",
  },
  'unsubscribe-one-click': {
    method: 'POST',
    path: '/api/unsubscribe-one-click',
    auth: 'public',
    request: TokenRequest,
    response: UnsubscribeResponse,
    oneClickPost: true,
    summary:
      "RFC 8058 one-click unsubscribe: the mail's List-Unsubscribe URL, POSTed by the mail provider with `List-Unsubscribe=One-Click`.",
  },
  'list-follows': {
    method: 'POST',
    path: '/api/list-follows',
    auth: 'public',
    request: TokenRequest,
    response: ListFollowsResponse,
    summary: "The follows of a mail's address (the manage page), by the mail's token.",
  },
  'update-follow': {
    method: 'POST',
    path: '/api/update-follow',
    auth: 'public',
    request: UpdateFollowRequest,
    response: ListFollowsResponse,
    summary: "Changes the frequency of one of the address's follows, or stops it, by a mail's token.",
  },
});
