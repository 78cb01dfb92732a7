import { type Conversation, chatLimits, groupName, imageContentTypes } from '@convene/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  LinearProgress,
  ListItemButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { uploadErrorKey, uploadImage } from '../../api/upload.ts';
import { ImageCropper } from '../../components/ImageCropper.tsx';
import { nameInitials } from '../../components/initials.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { useObjectUrl } from '../../components/useObjectUrl.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useUnsavedChangesPrompt } from '../../components/useUnsavedChangesPrompt.tsx';
import { ChatTopBar } from './ChatTopBar.tsx';
import { getConversation, updateConversation } from './chatApi.ts';
import { orderParticipants } from './chatModel.ts';
import { ParticipantRow, useParticipants } from './GroupParticipants.tsx';
import { ContactPicker } from './NewConversationScreen.tsx';
import { useMyId } from './useChatAccount.ts';

/** /chat/conversation/:id/details: a group's information and participants (PRODUCT.md §2.2). */
export function GroupInfoScreen() {
  const { conversationId = '' } = useParams();
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.chatConversation(conversationId),
    queryFn: ({ signal }) => getConversation(conversationId, signal),
  });
  usePageTitle(t('chat.info.title'));
  if (query.isError) return <Navigate to="/404" replace />;
  if (!query.data) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return <GroupInfo conversation={query.data} />;
}

function GroupInfo({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const myId = useMyId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const id = conversation.conversationId;
  const participants = useParticipants(id);
  const people = useMemo(
    () => orderParticipants((participants.data?.pages ?? []).flat(), myId),
    [participants.data, myId],
  );
  const [isEditing, setIsEditing] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const [name, setName] = useState(conversation.name ?? '');
  const [description, setDescription] = useState(conversation.description ?? '');
  const [chosenFile, setChosenFile] = useState<File | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const photoUrl = useObjectUrl(photo);
  const nameValid = groupName.safeParse(name).success;
  const canEdit = conversation.abilities.editInfo;
  const isAdmin = conversation.abilities.manageParticipants;

  // Edits not yet saved (with the check mark): leaving the page asks first.
  const hasChanges =
    isEditing &&
    (photo !== null ||
      name !== (conversation.name ?? '') ||
      description !== (conversation.description ?? ''));
  const unsaved = useUnsavedChangesPrompt(hasChanges);

  const failed = (error: unknown) =>
    showSnackbar(
      error instanceof ApiError ? (errorText(error.message) ?? '') : t('chat.errors.actionFailed'),
      { severity: 'error' },
    );
  const save = useMutation({
    mutationFn: async () => {
      // A photo that fails to upload aborts the whole change (PRODUCT.md §2.8).
      let photoLink: string | undefined;
      if (photo) {
        setProgress(0);
        try {
          photoLink = await uploadImage(photo, 'group', { onProgress: setProgress });
        } finally {
          setProgress(null);
        }
      }
      return updateConversation(id, {
        name,
        description: description || null,
        ...(photoLink ? { photo: photoLink } : {}),
      });
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.chatConversation(id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatLists });
      setPhoto(null);
      setIsEditing(false);
    },
    onError: (error) => {
      if (photo && !(error instanceof ApiError)) {
        showSnackbar(t(uploadErrorKey(error) as 'media.errors.uploadFailed'), { severity: 'error' });
      } else failed(error);
    },
  });
  const toggleEdit = () => {
    if (!isEditing) {
      setIsEditing(true);
      return;
    }
    // Leaving edit mode saves only a change, and only with a valid name.
    if (hasChanges) save.mutate();
    else setIsEditing(false);
  };

  if (isAdding) {
    return (
      <>
        <ContactPicker
          mode="add"
          conversationId={id}
          existing={new Set(people.flatMap((person) => (person.userId ? [person.userId] : [])))}
        />
        {unsaved.prompt}
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ChatTopBar>
        <IconButton component={RouterLink} to={`/chat/conversation/${id}`} aria-label={t('chat.info.back')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography component="h1" variant="h6" sx={{ flex: 1, fontSize: '1.1rem' }}>
          {t('chat.info.title')}
        </Typography>
        <Tooltip
          title={
            canEdit ? (isEditing ? t('chat.info.done') : t('chat.info.edit')) : t('chat.errors.onlyAdmins')
          }
        >
          <span>
            <IconButton
              onClick={toggleEdit}
              disabled={!canEdit || (isEditing && !nameValid) || save.isPending}
              aria-label={isEditing ? t('chat.info.done') : t('chat.info.edit')}
            >
              {isEditing ? <CheckIcon /> : <EditOutlinedIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </ChatTopBar>
      <Box sx={{ overflowY: 'auto', flex: 1, p: 2 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 3 }}>
          <Avatar
            src={photoUrl ?? conversation.photo ?? undefined}
            alt=""
            aria-hidden
            sx={{ width: 96, height: 96, bgcolor: 'primary.main', fontSize: 36 }}
          >
            {nameInitials(conversation.name ?? '')}
          </Avatar>
          {progress !== null ? (
            <LinearProgress
              variant="determinate"
              value={progress * 100}
              aria-label={t('media.uploading', { percent: Math.round(progress * 100) })}
              sx={{ width: 160 }}
            />
          ) : null}
          {isEditing ? (
            <>
              <Button
                size="small"
                startIcon={<PhotoCameraOutlinedIcon />}
                onClick={() => photoInput.current?.click()}
                disabled={save.isPending}
              >
                {t('chat.info.photo')}
              </Button>
              <input
                ref={photoInput}
                type="file"
                hidden
                accept={imageContentTypes.join(',')}
                aria-label={t('chat.info.photo')}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  event.target.value = '';
                  if (file) setChosenFile(file);
                }}
              />
              <ImageCropper
                file={chosenFile}
                aspect={1}
                title={t('chat.info.photo')}
                onCancel={() => setChosenFile(null)}
                onCrop={(image) => {
                  setChosenFile(null);
                  setPhoto(image);
                }}
              />
              <TextField
                label={t('chat.info.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={!nameValid}
                helperText={nameValid ? undefined : t('chat.errors.groupNameRequired')}
                slotProps={{ htmlInput: { maxLength: chatLimits.groupNameMax } }}
                required
                fullWidth
                size="small"
              />
              <TextField
                label={t('chat.info.description')}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                slotProps={{ htmlInput: { maxLength: chatLimits.descriptionMax } }}
                helperText={`${description.length}/${chatLimits.descriptionMax}`}
                multiline
                fullWidth
                size="small"
              />
            </>
          ) : (
            <>
              <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', textAlign: 'center' }}>
                {conversation.name}
              </Typography>
              {conversation.description ? (
                <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', textAlign: 'center' }}>
                  {conversation.description}
                </Typography>
              ) : null}
            </>
          )}
        </Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('chat.participants.title')}
        </Typography>
        <Box component="ul" aria-label={t('chat.participants.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {isAdmin && conversation.status === 'active' ? (
            <li>
              <ListItemButton onClick={() => setIsAdding(true)} sx={{ height: 56, gap: 2 }}>
                <Avatar aria-hidden sx={{ bgcolor: 'action.selected', color: 'text.primary' }}>
                  <PersonAddAlt1OutlinedIcon />
                </Avatar>
                <Typography>{t('chat.participants.add')}</Typography>
              </ListItemButton>
            </li>
          ) : null}
          {people.map((person) => (
            <ParticipantRow
              key={person.userId ?? person.email ?? person.name}
              person={person}
              conversation={conversation}
              onError={failed}
            />
          ))}
        </Box>
      </Box>
      {unsaved.prompt}
    </Box>
  );
}
