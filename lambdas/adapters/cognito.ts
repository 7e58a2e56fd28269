import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';

/** Looks up an app client's name by id (cached: names never change for an id). */
export function createClientNameLookup(client = new CognitoIdentityProviderClient({})) {
  const cache = new Map<string, Promise<string | undefined>>();
  return (userPoolId: string, clientId: string): Promise<string | undefined> => {
    const key = `${userPoolId}/${clientId}`;
    let found = cache.get(key);
    if (!found) {
      found = client
        .send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }))
        .then((out) => out.UserPoolClient?.ClientName);
      // A failed lookup is not cached, so the next sign-in tries again.
      found.catch(() => cache.delete(key));
      cache.set(key, found);
    }
    return found;
  };
}
