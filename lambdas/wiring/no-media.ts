import type { MediaStore } from '../adapters/media-store';

const refuse = async (): Promise<never> => {
  throw new Error('This route has no media store: pass s3MediaStore(...) to its wiring');
};

/**
 * The media store of routes that never touch media (listing pages, explore reads, set live): the S3 client
 * (about a quarter of a bundle) stays out of their functions. A call is a programming error.
 */
export const noMediaStore: MediaStore = {
  presignPost: refuse,
  stat: refuse,
  copyObject: refuse,
  readStart: refuse,
  deleteObject: refuse,
  deletePrefix: refuse,
};
