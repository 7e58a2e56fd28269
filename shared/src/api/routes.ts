import type { z } from 'zod';
import { type RouteDefinition, route } from './route';
import { exploreRoutes } from './route-groups/explore';
import { locationRoutes } from './route-groups/locations';
import { mediaRoutes } from './route-groups/media';
import { pageRoutes } from './route-groups/pages';
import { preferenceRoutes } from './route-groups/preferences';
import { publicPageRoutes } from './route-groups/public-pages';
import {
  ChangePasswordRequest,
  CharityProfileResponse,
  EmptyRequest,
  RegisterCharityRequest,
  RegisterCharityResponse,
  ResetPasswordWithTokenRequest,
  SendPasswordResetRequest,
  SetPageLiveRequest,
  SetPageLiveResponse,
  SuccessMessageResponse,
  SuccessResponse,
  ValidateResetTokenRequest,
  ValidateResetTokenResponse,
  VerificationInfoResponse,
  VerifyCharityCodeRequest,
} from './schemas/charity-account';
import { RegisterDonorRequest, RegisterDonorResponse } from './schemas/donor';
import { HealthRequest, HealthResponse } from './schemas/health';
import {
  GetCharityDetailsRequest,
  GetCharityDetailsResponse,
  SearchCharitiesRequest,
  SearchCharitiesResponse,
} from './schemas/register';

export const routes = {
  health: route({
    id: 'health',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    request: HealthRequest,
    response: HealthResponse,
    summary: 'Liveness and database reachability.',
  }),
  'search-charities': route({
    id: 'search-charities',
    method: 'POST',
    path: '/api/search-charities',
    auth: 'public',
    request: SearchCharitiesRequest,
    response: SearchCharitiesResponse,
    // Holds the register index (about 50 MB for the full register) in memory.
    memoryMb: 1024,
    summary: 'Registered main charities by name or number (at most 150), flagged when on the platform.',
  }),
  'get-charity-details': route({
    id: 'get-charity-details',
    method: 'POST',
    path: '/api/get-charity-details',
    auth: 'public',
    request: GetCharityDetailsRequest,
    response: GetCharityDetailsResponse,
    memoryMb: 1024,
    summary: "One charity's register details.",
  }),
  'register-charity': route({
    id: 'register-charity',
    method: 'POST',
    path: '/api/register-charity',
    auth: 'public',
    request: RegisterCharityRequest,
    response: RegisterCharityResponse,
    memoryMb: 1024,
    timeoutSeconds: 15,
    summary: 'Creates a charity account vetted against the register and mails the verification code.',
  }),
  'get-verification-info': route({
    id: 'get-verification-info',
    method: 'POST',
    path: '/api/get-verification-info',
    auth: 'charity',
    request: EmptyRequest,
    response: VerificationInfoResponse,
    summary: 'Where and when the current verification code was sent, and when it expires.',
  }),
  'verify-charity-code': route({
    id: 'verify-charity-code',
    method: 'POST',
    path: '/api/verify-charity-code',
    auth: 'charity',
    request: VerifyCharityCodeRequest,
    response: SuccessMessageResponse,
    summary: 'Checks the 6-digit code (throttled, capped) and marks the charity verified.',
  }),
  'resend-verification-code': route({
    id: 'resend-verification-code',
    method: 'POST',
    path: '/api/resend-verification-code',
    auth: 'charity',
    request: EmptyRequest,
    response: SuccessMessageResponse,
    summary: 'Mails a new code (at most every 30 s).',
  }),
  'send-password-reset': route({
    id: 'send-password-reset',
    method: 'POST',
    path: '/api/send-password-reset',
    auth: 'public',
    request: SendPasswordResetRequest,
    response: SuccessMessageResponse,
    summary: 'Mails a one-hour reset link; the same answer whether or not the account exists.',
  }),
  'validate-reset-token': route({
    id: 'validate-reset-token',
    method: 'POST',
    path: '/api/validate-reset-token',
    auth: 'public',
    request: ValidateResetTokenRequest,
    response: ValidateResetTokenResponse,
    summary: 'Whether a reset link is still valid.',
  }),
  'reset-password-with-token': route({
    id: 'reset-password-with-token',
    method: 'POST',
    path: '/api/reset-password-with-token',
    auth: 'public',
    request: ResetPasswordWithTokenRequest,
    response: SuccessResponse,
    summary: 'Sets a new password with a single-use reset link and signs the user out elsewhere.',
  }),
  'change-charity-password': route({
    id: 'change-charity-password',
    method: 'POST',
    path: '/api/me/password',
    auth: 'charity',
    request: ChangePasswordRequest,
    response: SuccessMessageResponse,
    summary: "Changes the signed-in charity's password after checking the current one.",
  }),
  'delete-charity-account': route({
    id: 'delete-charity-account',
    method: 'POST',
    path: '/api/delete-charity-account',
    auth: 'charity',
    request: EmptyRequest,
    response: SuccessResponse,
    timeoutSeconds: 30,
    summary: 'Deletes the account: Cognito user, every item, markers and media.',
  }),
  'get-charity-profile': route({
    id: 'get-charity-profile',
    method: 'GET',
    path: '/api/me/profile',
    auth: 'charity',
    request: EmptyRequest,
    response: CharityProfileResponse,
    summary: "The signed-in charity's record and verification flags.",
  }),
  'register-donor': route({
    id: 'register-donor',
    method: 'POST',
    path: '/api/register-donor',
    auth: 'public',
    request: RegisterDonorRequest,
    response: RegisterDonorResponse,
    summary: 'Joins the donor waitlist: a donor account and profile, username unique whatever its case.',
  }),
  'set-page-live': route({
    id: 'set-page-live',
    method: 'POST',
    path: '/api/me/live',
    auth: 'charity',
    request: SetPageLiveRequest,
    response: SetPageLiveResponse,
    summary: "Sets the charity's page live (only when verified, set up, and both pages valid) or offline.",
  }),
  ...mediaRoutes,
  ...pageRoutes,
  ...exploreRoutes,
  ...preferenceRoutes,
  ...locationRoutes,
  ...publicPageRoutes,
} as const;

export type { HttpMethod, RouteAuth, RouteDefinition } from './route';
export { DEFAULT_MAX_BODY_BYTES } from './route';

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type RouteRequest<Id extends RouteId> = z.input<Routes[Id]['request']>;
export type RouteResponse<Id extends RouteId> = z.output<Routes[Id]['response']>;

export const routeList: readonly RouteDefinition[] = Object.values(routes);

/** Looks a route up by id; throws for an unknown id (a programming error). */
export function getRoute(id: string): RouteDefinition {
  const found = routeList.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route id: ${id}`);
  return found;
}
