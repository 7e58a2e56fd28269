/** Issuer domain in AWS's form: aws-jwt-verify refuses `http:` issuers. */
export const issuerDomain = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;
