/**
 * There was no session when an action started. The message is the page's own wording for it ('User not
 * authenticated' on the preference and location pages, 'Your session has ended...' elsewhere); the charity
 * API client (`callCharityApi` in the charity sign-in feature) throws it.
 */
export class NoSessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoSessionError';
  }
}
