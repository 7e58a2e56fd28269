/** A stand-in route handler: the API stack test builds routes from a fixture manifest. */
export const handler = async () => ({ statusCode: 200, body: '{}' });
