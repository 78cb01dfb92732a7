import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useNavigationBlocker } from './navigationGuard.tsx';

/** What a form with unsaved work renders (`prompt`) and calls once it may leave (`release`). */
export interface UnsavedChangesPrompt {
  /** The "Discard your changes?" dialog, shown while a navigation away waits for an answer. */
  prompt: ReactNode;
  /** Lets every navigation through from now on: the work was saved (or the person signs out). */
  release: () => void;
}

/**
 * While `hasChanges`, leaving the page asks first: a reload or closing the tab (the browser's own
 * question) and Back, Forward, a link or navigate() to another page (a Yes/No dialog; Yes goes on,
 * No stays with the changes). A change of the query alone (a dialog opened over the form) passes.
 */
export function useUnsavedChangesPrompt(hasChanges: boolean): UnsavedChangesPrompt {
  const { t } = useTranslation();
  const isReleasedRef = useRef(false);
  const blocker = useNavigationBlocker(
    ({ currentLocation, nextLocation }) =>
      hasChanges && !isReleasedRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!hasChanges) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isReleasedRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [hasChanges]);

  const release = useCallback(() => {
    isReleasedRef.current = true;
  }, []);

  const prompt = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('unsavedChanges.title')}
      message={t('unsavedChanges.message')}
      onConfirm={blocker.proceed}
      onCancel={blocker.reset}
    />
  );
  return { prompt, release };
}
