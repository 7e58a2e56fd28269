import * as z from 'zod';

/**
 * Runtime configuration of the web app, served as `/config.json`: written from stack outputs by CDK in
 * production and by the local cloud locally, so one build serves every environment.
 */
export const RuntimeConfig = z.object({
  /** Name of the environment, e.g. `local` or `production`. */
  environment: z.string().min(1),
  /** Public site URL (links in emails are built from the server's copy of this, never from a request). */
  siteUrl: z.string().url(),
  /** Prefix of API paths; empty when the API is on the same origin (the manifest paths start with /api). */
  apiBaseUrl: z.string(),
  /** Where media is read from (CloudFront in production, `/media` on the local origin). */
  mediaBaseUrl: z.string(),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  charityClientId: z.string().min(1),
  donorClientId: z.string().min(1),
  /**
   * Cognito endpoint override (local cloud only). A path such as `/cognito` is resolved against the page's
   * origin by the web app, because Amplify needs an absolute URL.
   */
  cognitoEndpoint: z.string().optional(),
  /**
   * Map tiles of the location settings page: a Leaflet URL template such as
   * `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, and its attribution (HTML). Optional, so older configs
   * parse; without a tile server the map draws places on a blank background.
   */
  mapTileUrl: z.string().optional(),
  mapAttribution: z.string().optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
