import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/useSession.ts';
import { ProfileDialog } from './ProfileDialog.tsx';
import { readProfileDialogUser, wasOpenedHere, withProfileDialogUser } from './profileDialogParam.ts';

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

  return <ProfileDialog userId={userId} onClose={handleClose} />;
}
