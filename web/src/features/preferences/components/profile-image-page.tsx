import type { RouteResponse } from '@shared/api/routes';
import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { brand } from '@shared/brand';
import { PreferenceFailure, PreferenceSuccess, profileImageFileError } from '@shared/preferences';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { PrefIcon } from '@/components/charity-area/pref-icon';
import { PrefCard, PreferencesLayout } from '@/components/charity-area/preferences-layout';
import { SavedMessage } from '@/components/charity-area/save-row';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api';
import { MediaFileError, prepareMedia } from '@/lib/media-upload';
import { NoSessionError } from '@/lib/no-session';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { cleanUpOldImage, setProfileImage, uploadProfileImage } from '../api/preferences-api';
import { useFlash } from '../hooks/use-flash';
import { usePreferences } from '../hooks/use-preferences';
import { ProfileAvatar } from './profile-avatar';
import { RemoveProfileImage } from './remove-profile-image';

type Charity = AccountPreferencesResponse['charity'];

/** The states of the spec: none chosen, chosen with preview, uploading, then saved or failed. */
type Stage =
  | { kind: 'none' }
  | { kind: 'chosen'; file: File; preview: string }
  | { kind: 'uploading'; file: File; preview: string; progress: number }
  | { kind: 'failed'; file: File; preview: string; message: string };

/** Which step failed decides the spec's line: the file upload, or recording it. */
class RecordError extends Error {}

function ProfileImageForm({
  charity,
  onSaved,
}: {
  charity: Charity;
  onSaved: (name: string | null) => void;
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'none' });
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [saved, flash] = useFlash();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = stage.kind === 'none' ? null : stage.preview;
  useUnsavedChanges(stage.kind !== 'none');

  // A chosen file's preview URL lives as long as the choice.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    flash(null);
    const problem = profileImageFileError(file);
    if (problem) {
      setChooseError(problem);
      setStage({ kind: 'none' });
      return;
    }
    setChooseError(null);
    setStage({ kind: 'chosen', file, preview: URL.createObjectURL(file) });
  };

  const cancel = () => {
    setStage({ kind: 'none' });
    setChooseError(null);
    inputRef.current?.focus();
  };

  const save = async () => {
    if (stage.kind !== 'chosen' && stage.kind !== 'failed') return;
    const { file, preview: shown } = stage;
    setStage({ kind: 'uploading', file, preview: shown, progress: 0 });
    flash(null);
    try {
      const media = await prepareMedia(file, { imagesOnly: true });
      let key: string;
      try {
        ({ key } = await uploadProfileImage(media, (progress) =>
          setStage((s) => (s.kind === 'uploading' ? { ...s, progress: Math.round(progress * 100) } : s)),
        ));
      } catch (error) {
        // No session: 'User not authenticated' (spec section 6), as it is.
        throw error instanceof NoSessionError ? error : new Error(uploadLine(error));
      }
      let answer: RouteResponse<'set-profile-image'>;
      try {
        answer = await setProfileImage(key);
      } catch (error) {
        if (error instanceof NoSessionError) throw error;
        throw new RecordError(
          PreferenceFailure.Database(isApiError(error) ? error.message : 'Please try again.'),
        );
      }
      // The replaced image is removed by the save; if that did not happen, the spec's cleanup call retries it.
      cleanUpOldImage(charity.id, answer);
      onSaved(answer.profile_image_name);
      setStage({ kind: 'none' });
      flash(PreferenceSuccess.ProfileImage);
    } catch (error) {
      setStage({ kind: 'failed', file, preview: shown, message: failedLine(error) });
    }
  };

  const busy = stage.kind === 'uploading';
  const shownName = charity.display_name ?? charity.charity_name;

  return (
    <PrefCard id="profile-image-title" title="Your profile image" icon="image" tour="profile-image">
      <p>
        Your logo or a photo that says who you are. It appears beside {shownName} on your page, in explore and
        at the top of your dashboard. Images up to 5MB; we save them as high-quality JPEGs.
      </p>
      <div className="pref-image">
        <figure className="pref-image__figure">
          <ProfileAvatar
            charityId={charity.id}
            imageName={charity.profile_image_name}
            name={shownName}
            size="lg"
            alt={charity.profile_image_name ? "Your charity's current profile" : 'No profile chosen yet'}
          />
          <figcaption>Current image</figcaption>
        </figure>
        {preview ? (
          <figure className="pref-image__figure pref-image__figure--new">
            <img
              className="pref-avatar pref-avatar--lg"
              src={preview}
              alt="Preview of your new profile, not saved yet"
            />
            <figcaption>New image</figcaption>
          </figure>
        ) : null}
      </div>

      <div className="pref-form pref-image__controls">
        <div className={`pref-file${chooseError ? ' pref-file--invalid' : ''}`}>
          <input
            ref={inputRef}
            id="profile-image-file"
            type="file"
            accept="image/*"
            className="pref-file__input"
            disabled={busy}
            aria-describedby={chooseError ? 'profile-image-hint profile-image-error' : 'profile-image-hint'}
            aria-invalid={chooseError ? true : undefined}
            onChange={choose}
          />
          <label
            htmlFor="profile-image-file"
            className="button button--secondary button--md pref-file__label"
          >
            <PrefIcon name="upload" size={18} />
            {preview ? 'Choose a Different Image' : 'Choose Image'}
          </label>
          <p id="profile-image-hint" className="form-field__hint">
            {stage.kind === 'none' ? 'No image chosen.' : `Chosen: ${stage.file.name}`}
          </p>
          {chooseError ? (
            <p id="profile-image-error" className="form-field__error" role="alert">
              {chooseError}
            </p>
          ) : null}
        </div>

        {stage.kind === 'uploading' ? (
          <div className="pref-progress">
            <progress max={100} value={stage.progress} aria-label="Upload progress" />
            <span>{stage.progress}%</span>
          </div>
        ) : null}

        {stage.kind === 'failed' ? (
          <Notice tone="error" role="alert">
            <p>{stage.message}</p>
          </Notice>
        ) : null}

        {stage.kind === 'none' && charity.profile_image_name ? (
          <RemoveProfileImage
            charityId={charity.id}
            onRemoved={() => {
              onSaved(null);
              flash(PreferenceSuccess.ProfileImageRemoved);
            }}
          />
        ) : null}

        {stage.kind !== 'none' ? (
          <div className="pref-form__actions">
            <Button onClick={() => void save()} disabled={busy}>
              {busy ? 'Saving...' : 'Save Image'}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
          </div>
        ) : null}
      </div>
      <SavedMessage saved={saved} />
    </PrefCard>
  );
}

function uploadLine(error: unknown): string {
  return PreferenceFailure.Upload(
    error instanceof Error && error.message ? error.message : 'Please try again.',
  );
}

/** The spec's lines: 'User not authenticated', a file problem, 'Upload failed: …', 'Database update failed: …'. */
function failedLine(error: unknown): string {
  if (error instanceof NoSessionError || error instanceof RecordError) return error.message;
  if (error instanceof MediaFileError) return error.message;
  if (error instanceof Error && error.message.startsWith('Upload failed:')) return error.message;
  return PreferenceFailure.Image;
}

/** `/charity/preferences/profile-image`: current image, file chooser, preview, save. */
export function ProfileImagePage() {
  const { load, prefs, signOut, update } = usePreferences();
  return (
    <PreferencesLayout
      title="Profile Image"
      description={`Your charity's profile image on ${brand.productName}.`}
      heading="Profile Image"
      onSignOut={() => void signOut()}
      load={load}
    >
      {prefs ? (
        <ProfileImageForm
          charity={prefs.charity}
          onSaved={(name) => update((p) => ({ ...p, charity: { ...p.charity, profile_image_name: name } }))}
        />
      ) : null}
    </PreferencesLayout>
  );
}
