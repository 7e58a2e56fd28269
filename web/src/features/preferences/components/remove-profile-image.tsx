import { PreferenceFailure } from '@shared/preferences';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { cleanUpOldImage, removeProfileImage } from '../api/preferences-api';
import { failureLine } from '../utils/save-error';

/**
 * "Remove Image" on the profile image page: after a confirmation, the image is removed (the avatar goes back
 * to initials) and its file deleted by the API; if that deletion failed, the spec's cleanup call retries it.
 */
export function RemoveProfileImage({
  charityId,
  disabled,
  onRemoved,
}: {
  charityId: string;
  disabled?: boolean;
  onRemoved: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      cleanUpOldImage(charityId, await removeProfileImage());
      setConfirming(false);
      onRemoved();
    } catch (failure) {
      setConfirming(false);
      setError(failureLine(failure, PreferenceFailure.RemoveImage, PreferenceFailure.RemoveImageGeneric));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <>
      <div className="pref-form__actions">
        <Button
          id="remove-profile-image"
          variant="secondary"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          disabled={disabled}
        >
          Remove Image
        </Button>
      </div>
      {error ? (
        <Notice tone="error" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => (removing ? undefined : setConfirming(false))}
        labelledBy="remove-image-title"
        describedBy="remove-image-text"
        // Once the image is gone so is this button: focus goes on to the file chooser.
        returnFocus={() =>
          document.getElementById('remove-profile-image') ?? document.getElementById('profile-image-file')
        }
        tone="danger"
      >
        <h2 id="remove-image-title" className="dialog__title">
          Remove your profile image?
        </h2>
        <p id="remove-image-text" className="dialog__text">
          Donors will see your charity's initials instead. You can add an image again at any time.
        </p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={removing}>
            Keep Image
          </Button>
          <Button onClick={() => void remove()} disabled={removing}>
            {removing ? 'Removing...' : 'Remove Image'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
