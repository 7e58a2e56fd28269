import cognitoLocalKey from 'cognito-local/lib/keys/cognitoLocal.public.json';

/** The JWKS cognito-local signs with: verifiers are preloaded with it (its URL is not AWS's). */
export const COGNITO_LOCAL_JWKS = { keys: [cognitoLocalKey.jwk] };

/** Issuer domain in AWS's form: aws-jwt-verify refuses `http:` issuers. */
export const issuerDomain = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;
