import { brand } from '@shared/brand';
import { paths, type SettingsSection } from '@shared/site/paths';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { AreaCard, SignedInPage } from '@/components/charity-area/signed-in-page';
import { PasswordField, TextField } from '@/components/form/form-field';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { useHashTargetWhenReady } from '@/components/layout/use-hash-target';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { Dialog, DialogIntro } from '@/components/ui/dialog';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { renewSessionAfterPasswordChange, signOutCharity, useCharitySession } from '@/features/charity-auth';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { changePassword, deleteAccount } from '../api/settings-api';
import {
  type ChangePasswordField,
  canConfirmDelete,
  changePasswordError,
  changePasswordFailure,
  DELETE_CONFIRMATION,
  deleteFailureMessage,
} from '../utils/settings-rules';
import { TwoStepCard } from './two-step-card';

const emptyPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordCard({ email }: { email: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyPasswords);
  const [error, setError] = useState<{ field: ChangePasswordField | 'form'; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  // Typed passwords are unsaved edits like the preference forms' (never kept in a draft): leaving asks first.
  useUnsavedChanges(Object.values(values).some((value) => value !== ''));

  const change = (field: ChangePasswordField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
    setDone(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const invalid = changePasswordError(values);
    if (invalid) {
      setError(invalid);
      refs[invalid.field].current?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await changePassword(values);
      // The change signed out every session, this one too: stay signed in with the new password.
      if (!(await renewSessionAfterPasswordChange(email, values.newPassword))) {
        // The password is changed (nothing unsaved is lost): sign in again with it.
        setValues(emptyPasswords);
        navigate(paths.charity.signIn.getHref());
        return;
      }
      setValues(emptyPasswords);
      setDone(answer.message || 'Your password has been changed.');
    } catch (failure) {
      const placed = changePasswordFailure(failure);
      setError(placed);
      if (placed.field !== 'form') refs[placed.field].current?.focus();
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: ChangePasswordField) => (error?.field === field ? error.message : undefined);

  return (
    <AreaCard id={'change-password' satisfies SettingsSection} title="Change Password">
      <p>Use at least 12 characters that you don't use on any other site.</p>
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={saving}>
        <PasswordField
          id="settings-current"
          label="Current Password"
          inputRef={refs.currentPassword}
          value={values.currentPassword}
          onValueChange={change('currentPassword')}
          error={fieldError('currentPassword')}
          autoComplete="current-password"
          maxLength={256}
          required
        />
        <NewPasswordFields
          idPrefix="settings"
          password={{
            label: 'New Password',
            inputRef: refs.newPassword,
            value: values.newPassword,
            onValueChange: change('newPassword'),
            error: fieldError('newPassword'),
          }}
          confirm={{
            label: 'Confirm New Password',
            inputRef: refs.confirmPassword,
            value: values.confirmPassword,
            onValueChange: change('confirmPassword'),
            error: fieldError('confirmPassword'),
          }}
        />
        <SaveRow failure={error?.field === 'form' ? error.message : null} className="">
          <Button type="submit" disabled={saving}>
            {saving ? 'Updating Password...' : 'Update Password'}
          </Button>
        </SaveRow>
      </form>
      <SavedMessage saved={done} />
    </AreaCard>
  );
}

function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setTyped('');
    setFailure(null);
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canConfirmDelete(typed) || deleting) return;
    setDeleting(true);
    setFailure(null);
    try {
      await deleteAccount();
    } catch (error) {
      setFailure(deleteFailureMessage(error));
      setDeleting(false);
      return;
    }
    await signOutCharity();
    navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <AreaCard id={'delete-account' satisfies SettingsSection} title="Delete Account" tone="danger">
      <p>
        Deleting your account removes your charity's pages, photos and settings from {brand.productName} for
        good. This cannot be undone.
      </p>
      <div className="area-card__actions">
        <Button variant="accent" onClick={() => setOpen(true)}>
          <AuthIcon name="trash" size={18} />
          Delete Account
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        labelledBy="delete-dialog-title"
        describedBy="delete-dialog-text"
        initialFocus={inputRef}
        tone="danger"
      >
        <DialogIntro id="delete-dialog" icon={<AuthIcon name="trash" />} title="Delete your account?">
          Your charity account, pages, photos and settings will be deleted permanently and you will be signed
          out. To confirm, type <strong>{DELETE_CONFIRMATION}</strong> below.
        </DialogIntro>
        <form className="auth-form delete-form" noValidate onSubmit={confirm} aria-busy={deleting}>
          <TextField
            id="delete-confirm"
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            inputRef={inputRef}
            value={typed}
            onValueChange={(value) => {
              setTyped(value);
              setFailure(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          {failure ? (
            <Notice tone="error" role="alert">
              <p>{failure}</p>
            </Notice>
          ) : null}
          <div className="dialog__actions">
            <Button variant="secondary" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" variant="accent" disabled={!canConfirmDelete(typed) || deleting}>
              {deleting ? 'Deleting...' : 'Delete Account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </AreaCard>
  );
}

/**
 * `/charity/settings`: change password for real, delete account behind a typed confirmation. A link to a card
 * (`#change-password`, `#delete-account`) lands on it once the session has loaded and the cards are shown.
 */
export function SettingsPage() {
  const { session, signOut } = useCharitySession();
  useHashTargetWhenReady(session.status === 'signed-in');
  return (
    <SignedInPage
      title="Settings"
      description={`Settings of your ${brand.productName} charity account.`}
      eyebrow="Your account"
      heading="Settings"
      lead={<p>Keep your account secure, or close it.</p>}
      onSignOut={() => void signOut()}
    >
      {session.status === 'signed-in' ? (
        <>
          <TwoStepCard />
          <ChangePasswordCard email={session.user.email} />
          <DeleteAccountCard />
        </>
      ) : (
        <LoadingStatus>Loading settings...</LoadingStatus>
      )}
    </SignedInPage>
  );
}
