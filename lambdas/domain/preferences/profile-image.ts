import { ErrorCode } from '@shared/api/error-codes';
import type {
  CleanupProfileImageRequest,
  RemoveProfileImageResponse,
  SetProfileImageResponse,
} from '@shared/api/schemas/preferences';
import { MediaMessage } from '@shared/media';
import { PROFILE_IMAGE_NAME, PreferenceMessage, profileImageNameOf } from '@shared/preferences';
import type { MediaStore } from '../../adapters/media-store';
import type { PreferenceData } from '../../data/preferences';
import type { UploadData } from '../../data/uploads';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../lib/http-errors';
import { deleteFilesQuietly, saveWithUploads, type UploadDeps } from '../media/uploads';

type Warn = (message: string, extra: Record<string, unknown>) => void;

/** Attempts at replacing the image when another save changes it in between. */
const REPLACE_ATTEMPTS = 3;

/**
 * Deletes a profile image file of the charity (`{charityId}/{name}`) unless it is the current one: the logic
 * of the spec's cleanup-profile-image call, also run by {@link setProfileImage} for the image it replaced.
 * Returns whether the file was deleted (failures are logged, never thrown).
 */
export async function removeProfileImageFile(
  deps: { media: MediaStore; warn: Warn },
  charityId: string,
  name: string,
): Promise<boolean> {
  if (!PROFILE_IMAGE_NAME.test(name)) return false;
  return (await deleteFilesQuietly(deps.media, [`${charityId}/${name}`], deps.warn)) === 1;
}

/**
 * Records an uploaded profile image (copied to a fresh name by the one upload pipeline): the upload must be one
 * the API issued to this charity for a profile image,
 * stored, at most 5 MB and a real JPEG (checked from its bytes; a stored object that fails is deleted). The new
 * name is set and the upload consumed in one transaction, guarded on the image it replaces, whose file is then
 * deleted.
 */
export async function setProfileImage(
  deps: UploadDeps & { uploads: Pick<UploadData, 'consume'>; prefs: PreferenceData; warn: Warn },
  userId: string,
  key: string,
): Promise<SetProfileImageResponse> {
  if (!profileImageNameOf(userId, key))
    throw new ValidationError(MediaMessage.UploadNotFound, 'key', ErrorCode.UploadNotFound);
  const wanted = [{ key, expect: { purpose: 'profile-image' as const }, field: 'key' }];
  const { name, old } = await saveWithUploads(deps, userId, wanted, async ([upload]) => {
    const { key: final, upload: issued } = upload as { key: string; upload: string };
    const name = profileImageNameOf(userId, final) as string;
    for (let attempt = 0; attempt < REPLACE_ATTEMPTS; attempt++) {
      const profile = await deps.prefs.getProfileFields(userId);
      if (!profile) throw new NotFoundError(PreferenceMessage.CharityNotFound);
      const old = profile.profile_image_name ?? null;
      const refused = await deps.prefs.replaceProfileImage(deps.uploads, userId, { key: issued, name }, old);
      if (refused === 'upload-used') {
        throw new ConflictError(PreferenceMessage.UploadUsed, { code: ErrorCode.UploadUsed, field: 'key' });
      }
      if (refused === 'missing') throw new NotFoundError(PreferenceMessage.CharityNotFound);
      if (refused === 'changed') continue;
      return { name, old };
    }
    throw new ConflictError(PreferenceMessage.ProfileImageChanged, { code: ErrorCode.ChangedMeanwhile });
  });
  const removed = old && old !== name ? await removeProfileImageFile(deps, userId, old) : false;
  return {
    success: true,
    profile_image_name: name,
    old_profile_image_name: old,
    old_image_removed: removed,
  };
}

/**
 * Removes the charity's profile image (back to initials): clears the name, guarded on the image it removes, then
 * deletes that file. Idempotent: with no image it succeeds and removes nothing. A failed file deletion is
 * logged and reported (`old_image_removed: false`) so the browser can ask cleanup-profile-image to retry it.
 */
export async function removeProfileImage(
  deps: { media: MediaStore; prefs: PreferenceData; warn: Warn },
  userId: string,
): Promise<RemoveProfileImageResponse> {
  for (let attempt = 0; attempt < REPLACE_ATTEMPTS; attempt++) {
    const profile = await deps.prefs.getProfileFields(userId);
    if (!profile) throw new NotFoundError(PreferenceMessage.CharityNotFound);
    const old = profile.profile_image_name ?? null;
    if (old === null) {
      return {
        success: true,
        profile_image_name: null,
        old_profile_image_name: null,
        old_image_removed: false,
      };
    }
    const refused = await deps.prefs.clearProfileImage(userId, old);
    if (refused === 'missing') throw new NotFoundError(PreferenceMessage.CharityNotFound);
    if (refused === 'changed') continue;
    const removed = await removeProfileImageFile(deps, userId, old);
    return {
      success: true,
      profile_image_name: null,
      old_profile_image_name: old,
      old_image_removed: removed,
    };
  }
  throw new ConflictError(PreferenceMessage.ProfileImageChanged, { code: ErrorCode.ChangedMeanwhile });
}

/**
 * The spec's cleanup-profile-image: deletes a replaced profile image of the caller's own charity. Refuses
 * another charity's id, names that are not a profile image file, and the current image.
 */
export async function cleanupProfileImage(
  deps: { media: MediaStore; prefs: PreferenceData; warn: Warn },
  userId: string,
  input: CleanupProfileImageRequest,
): Promise<{ success: true }> {
  if (input.charityId !== userId) throw new ForbiddenError(PreferenceMessage.NotYourCharity);
  const name = input.oldProfileImageName;
  if (!PROFILE_IMAGE_NAME.test(name)) {
    throw new ValidationError(PreferenceMessage.NotAProfileImage, 'oldProfileImageName');
  }
  const profile = await deps.prefs.getProfileFields(userId);
  if (!profile) throw new NotFoundError(PreferenceMessage.CharityNotFound);
  if (profile.profile_image_name === name) {
    throw new ConflictError(PreferenceMessage.CurrentProfileImage, {
      code: ErrorCode.Conflict,
      field: 'oldProfileImageName',
    });
  }
  if (!(await removeProfileImageFile(deps, userId, name))) throw new ServiceUnavailableError();
  return { success: true };
}
