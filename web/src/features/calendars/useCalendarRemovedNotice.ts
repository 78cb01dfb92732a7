import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtimeMessage } from '../../api/RealtimeProvider.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { removalNotice } from './calendarRemoval.ts';
import { deleteCalendarMutationKey, leaveCalendarMutationKey } from './useCalendars.ts';

/**
 * While a calendar is on screen: when it is deleted, or the viewer loses access, say so and go
 * to /calendars (PRODUCT.md §1.4). This tab's own deletion or departure is announced by the Settings
 * tab or the Leave action instead.
 */
export function useCalendarRemovedNotice(calendarId: string, isOwner: boolean): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showSnackbar } = useSnackbar();

  const handleMessage = (
    message: 'calendar' | 'calendarLink',
    payload: Parameters<typeof removalNotice>[1],
  ) => {
    const key = removalNotice(message, payload, { calendarId, isOwner });
    // The news of this tab's own deletion or departure may arrive while it runs or just after it
    // succeeded (before its success notice is shown): either way the action speaks for it.
    const isOwnDoing = [deleteCalendarMutationKey(calendarId), leaveCalendarMutationKey(calendarId)].some(
      (mutationKey) =>
        queryClient
          .getMutationCache()
          .findAll({ mutationKey })
          .some((mutation) => mutation.state.status === 'pending' || mutation.state.status === 'success'),
    );
    if (!key || isOwnDoing) return;
    showSnackbar(t(key), { severity: 'warning' });
    void navigate('/calendars', { replace: true });
  };

  useRealtimeMessage('calendar', (payload) => handleMessage('calendar', payload));
  useRealtimeMessage('calendarLink', (payload) => handleMessage('calendarLink', payload));
}
