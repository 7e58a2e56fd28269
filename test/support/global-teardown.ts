export default async function globalTeardown(): Promise<void> {
  await globalThis.__localCloudStop?.();
  globalThis.__localCloudStop = undefined;
}
