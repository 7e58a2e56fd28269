import { defineRoutes } from '../route';
import { CreateMediaUploadRequest, CreateMediaUploadResponse } from '../schemas/media';

/** Uploads straight from the browser to S3 (presigned POST); the saves that use them check each object. */
export const mediaRoutes = defineRoutes({
  'create-media-upload': {
    method: 'POST',
    path: '/api/me/media/uploads',
    auth: 'charity',
    request: CreateMediaUploadRequest,
    response: CreateMediaUploadResponse,
    summary: 'A presigned POST for one file under the caller’s own key, type and size range.',
  },
});
