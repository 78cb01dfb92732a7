import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadScreenTexts } from '../../i18n/screenTexts.ts';
import { useSession } from '../auth/useSession.ts';
import { readProfileDialogUser, wasOpenedHere, withProfileDialogUser } from './profileDialogParam.ts';

// The dialog's code loads when a profile is first asked for, not with the shell (issue 12).
// It shows the screens' texts (media), which load with it.
const ProfileDialog = lazy(() =>
  Promise.all([import('./ProfileDialog.tsx'), loadScreenTexts()]).then(([m]) => ({
    default: m.ProfileDialog,
  })),
);

/**
 * Renders the profile dialog the url asks for (`?person=<userId>`, set by useProfileDialog) over
 * whatever screen is showing. Mounted once in the signed-in shell. Never for oneself.
 */
export function ProfileDialogHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { account } = useSession();
  const requested = readProfileDialogUser(location.search);
  const userId = requested !== null && requested !== account?.userId ? requested : null;
  // Once opened it stays mounted, so closing it still animates.
  const [wanted, setWanted] = useState(false);
  if (userId !== null && !wanted) setWanted(true);

  const handleClose = () => {
    if (wasOpenedHere(location.state)) {
      void navigate(-1);
      return;
    }
    void navigate(
      { pathname: location.pathname, search: withProfileDialogUser(location.search, null) },
      { replace: true, state: location.state },
    );
  };

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ProfileDialog userId={userId} onClose={handleClose} />
    </Suspense>
  );
}
