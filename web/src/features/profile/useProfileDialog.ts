import { productName } from '@convene/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppConfig } from '../../api/config.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useSession } from '../auth/useSession.ts';
import { markOpenedHere, withProfileDialogUser } from './profileDialogParam.ts';

/** Someone shown in a list: a registered user has a userId; an invitee by e-mail may not. */
export interface ProfilePerson {
  userId?: string | null;
}

/**
 * Opens another user's profile dialog from anywhere in the signed-in app: `open(userId)` or
 * `open(person)`. The dialog is the url's `?person=<userId>` (so it survives a reload, can be linked
 * to, and Back closes it); it never opens for oneself, and a person without a userId gets the spec's
 * 'not registered' notice instead.
 */
export function useProfileDialog(): { open: (person: string | ProfilePerson) => void } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { account } = useSession();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const product = config?.productName ?? productName;

  const open = useCallback(
    (person: string | ProfilePerson) => {
      const userId = typeof person === 'string' ? person : person.userId;
      if (!userId) {
        showSnackbar(t('profile.dialog.notRegistered', { product }), { severity: 'info' });
        return;
      }
      if (userId === account?.userId) return;
      // A history entry of its own: Back closes the dialog, as people expect on phones.
      void navigate(
        { pathname: location.pathname, search: withProfileDialogUser(location.search, userId) },
        { state: markOpenedHere(location.state) },
      );
    },
    [account?.userId, location, navigate, product, showSnackbar, t],
  );
  return { open };
}
