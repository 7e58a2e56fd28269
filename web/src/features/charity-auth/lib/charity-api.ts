import { ErrorMessage } from '@shared/api/error-codes';
import type { RouteId, RouteRequest, RouteResponse } from '@shared/api/routes';
import { type CallOptions, callApi } from '@/lib/api';
import { type UploadResult, uploadMedia } from '@/lib/media-upload';
import { NoSessionError } from '@/lib/no-session';
import {
  type MutationResult,
  type QueryOptions,
  type QueryResult,
  useMutation,
  useRouteQuery,
} from '@/lib/query';
import { CHARITY_SCOPE, getIdToken } from './charity-auth';

export interface CharityCallOptions extends Omit<CallOptions, 'token'> {
  /** The page's words for "there is no session" (default: the spec's session-ended message). */
  noSessionMessage?: string;
}

/** The session's ID token, or a {@link NoSessionError} with the page's message. */
async function sessionToken(noSessionMessage: string = ErrorMessage.SessionEnded): Promise<string> {
  const token = await getIdToken();
  if (!token) throw new NoSessionError(noSessionMessage);
  return token;
}

/**
 * Calls a charity route as the signed-in charity: the one place the session's ID token is attached. No
 * session throws a {@link NoSessionError} with the page's message.
 */
export async function callCharityApi<Id extends RouteId>(
  routeId: Id,
  input: RouteRequest<Id>,
  { noSessionMessage, ...options }: CharityCallOptions = {},
): Promise<RouteResponse<Id>> {
  return callApi(routeId, input, { ...options, token: await sessionToken(noSessionMessage) });
}

/** Uploads one prepared file as the signed-in charity (its upload grant is asked for with the session). */
export async function uploadCharityMedia(
  options: Omit<Parameters<typeof uploadMedia>[0], 'token'>,
  { noSessionMessage }: Pick<CharityCallOptions, 'noSessionMessage'> = {},
): Promise<UploadResult> {
  return uploadMedia({ ...options, token: await sessionToken(noSessionMessage) });
}

/** Reads a charity route as the signed-in charity (pass `enabled: signedIn` until the session is known). */
export function useCharityQuery<Id extends RouteId>(
  routeId: Id,
  input: RouteRequest<Id>,
  options?: QueryOptions & Pick<CharityCallOptions, 'noSessionMessage'>,
): QueryResult<RouteResponse<Id>> {
  return useRouteQuery(
    CHARITY_SCOPE,
    routeId,
    input,
    () => callCharityApi(routeId, input, { noSessionMessage: options?.noSessionMessage }),
    options,
  );
}

/** A change to a charity route as the signed-in charity; the `invalidates` routes load again afterwards. */
export function useCharityMutation<Id extends RouteId>(
  routeId: Id,
  options: { invalidates?: readonly RouteId[] } & Pick<CharityCallOptions, 'noSessionMessage'> = {},
): MutationResult<RouteRequest<Id>, RouteResponse<Id>> {
  return useMutation(
    (input: RouteRequest<Id>) =>
      callCharityApi(routeId, input, { noSessionMessage: options.noSessionMessage }),
    options,
  );
}
