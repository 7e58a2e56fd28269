/** A stand-in job handler: the jobs stack test bundles this instead of a real job. */
export const handler = async (): Promise<void> => {};
