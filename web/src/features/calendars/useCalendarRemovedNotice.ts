import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtimeMessage } from '../../api/RealtimeProvider.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { removalNotice } from './calendarRemoval.ts';
import { deleteCalendarMutationKey } from './useCalendars.ts';

/**
 * While a calendar is on screen: when it is deleted, or the viewer loses access, say so and go
 * to /calendars (PRODUCT.md §1.4). This tab's own deletion is announced by the Settings tab instead.
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
    // The news of this tab's own deletion may arrive while it runs or just after it succeeded
    // (before its success notice is shown): either way the Settings tab speaks for it.
    const isOwnDeletion = queryClient
      .getMutationCache()
      .findAll({ mutationKey: deleteCalendarMutationKey(calendarId) })
      .some((mutation) => mutation.state.status === 'pending' || mutation.state.status === 'success');
    if (!key || isOwnDeletion) return;
    showSnackbar(t(key), { severity: 'warning' });
    void navigate('/calendars', { replace: true });
  };

  useRealtimeMessage('calendar', (payload) => handleMessage('calendar', payload));
  useRealtimeMessage('calendarLink', (payload) => handleMessage('calendarLink', payload));
}
