import type { Event, EventScope } from '@convene/contract';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, isNetworkError } from '../../../api/ApiError.ts';
import type { BotCheckHandle } from '../../../components/InvisibleAltcha.tsx';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { type EventFormField, type EventFormValues, formFieldOf } from './eventForm.ts';
import { pathAfterSave, toCreateEventBody, toUpdateEventBody } from './eventFormBody.ts';
import type { EventFormState } from './eventFormState.ts';
import { inviteMeetUser } from './meetInvite.ts';
import { useSaveEvent } from './useSaveEvent.ts';

interface EventFormSaveOptions {
  /** The edited event; null when creating. */
  event: Event | null;
  /** The values the form opened with (an edit sends only what changed since). */
  initial: EventFormValues;
  state: EventFormState;
  /** The invisible bot check a meet-up's invitation needs. */
  botCheck: RefObject<BotCheckHandle | null>;
  /** Shows a server error on its field. */
  onFieldError: (field: EventFormField, messageKey: string) => void;
  /** Saved: the form may be left without asking about unsaved changes. */
  onSaved: () => void;
}

/**
 * Saving the event form: POST or PUT, then (a meet-up) inviting the other person, a notice,
 * and back where the user came from. A 400 naming a field lands on that field; anything else
 * is the form's own error.
 */
export function useEventFormSave({
  event,
  initial,
  state,
  botCheck,
  onFieldError,
  onSaved,
}: EventFormSaveOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { showSnackbar } = useSnackbar();
  const mutation = useSaveEvent();
  const [formError, setFormError] = useState<string | null>(null);
  const [isInviting, setIsInviting] = useState(false);
  const meetUser = event ? null : state.meetUser;

  const leave = () => {
    const target = pathAfterSave(state.from, location.key !== 'default');
    if (target === -1) void navigate(-1);
    else void navigate(target, { replace: true });
  };

  const showFailure = (failure: unknown) => {
    const field = failure instanceof ApiError ? formFieldOf(failure.field) : null;
    if (failure instanceof ApiError && field) onFieldError(field, failure.message);
    else if (failure instanceof ApiError && (failure.status === 403 || failure.status === 404))
      setFormError(t('eventForm.notAllowed'));
    else setFormError(isNetworkError(failure) ? t('errors.network') : t('eventForm.saveFailed'));
  };

  const solveBotCheck = async () => {
    try {
      return (await botCheck.current?.solve()) ?? '';
    } catch {
      return '';
    }
  };

  const inviteAndLeave = async (saved: Event, recaptchaCode: string) => {
    if (!meetUser) return;
    setIsInviting(true);
    const result = await inviteMeetUser({
      userId: meetUser.userId,
      calendarId: saved.originatingCalendarId,
      eventId: saved.eventId,
      recaptchaCode,
    });
    setIsInviting(false);
    if (result === 'sent')
      showSnackbar(t('event.meet.success', { name: meetUser.name }), { severity: 'success' });
    else if (result === 'limitReached')
      showSnackbar(t('event.errors.shareLimitReached'), { severity: 'error' });
    else showSnackbar(t('eventForm.meetInviteFailed', { name: meetUser.name }), { severity: 'warning' });
    leave();
  };

  const save = async (values: EventFormValues, scope: EventScope | null) => {
    setFormError(null);
    if (event) {
      mutation.mutate(
        { kind: 'update', body: toUpdateEventBody(values, initial, event, scope) },
        {
          onSuccess: () => {
            onSaved();
            showSnackbar(t('eventForm.saved'), { severity: 'success' });
            leave();
          },
          onError: showFailure,
        },
      );
      return;
    }
    let recaptchaCode = '';
    if (meetUser) {
      // Solved before creating, so a failed check leaves no half-made meet-up behind.
      setIsInviting(true);
      recaptchaCode = await solveBotCheck();
      setIsInviting(false);
      if (!recaptchaCode) {
        setFormError(t('eventForm.botCheckFailed'));
        return;
      }
    }
    mutation.mutate(
      { kind: 'create', body: toCreateEventBody(values) },
      {
        onSuccess: (saved) => {
          onSaved();
          if (meetUser) void inviteAndLeave(saved, recaptchaCode);
          else {
            showSnackbar(t('eventForm.created'), { severity: 'success' });
            leave();
          }
        },
        onError: showFailure,
      },
    );
  };

  return { save, leave, formError, isSaving: mutation.isPending || isInviting, meetUser };
}
