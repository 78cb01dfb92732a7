import { type Attachment, attachmentsMax } from '@convene/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Menu, MenuItem, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { AttachmentFields } from './AttachmentFields.tsx';
import {
  attachmentErrors,
  type EditableAttachmentType,
  editableAttachmentTypes,
  moveItem,
  newAttachment,
} from './attachmentItems.ts';

interface AttachmentsEditorProps {
  value: Attachment[];
  onChange: (value: Attachment[]) => void;
  disabled?: boolean;
  /** Show every invalid field's error, touched or not (e.g. once the form was submitted). */
  showErrors?: boolean;
  /** Most attachments allowed here (default the contract's attachmentsMax; one less leaves room for the description). */
  max?: number;
  /** True while an image is being uploaded (the form should wait before saving). */
  onBusyChange?: (isBusy: boolean) => void;
}

let keySequence = 0;
const newKey = () => {
  keySequence += 1;
  return `attachment-${keySequence}`;
};

/**
 * Adds, edits, removes and reorders an event's attachments: video links, images (uploaded or
 * linked), buttons, documents and X (Twitter) timelines, each checked with the contract's
 * `attachment` schema. Text items other than the description can be moved or removed only.
 */
export function AttachmentsEditor({
  value,
  onChange,
  disabled,
  showErrors = false,
  max = attachmentsMax,
  onBusyChange,
}: AttachmentsEditorProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [keys, setKeys] = useState(() => value.map(newKey));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [focusRequest, setFocusRequest] = useState<{ key: string; button: 'up' | 'down' } | null>(null);
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const busyCount = useRef(0);
  // A value replaced from outside (a reset) keeps the keys it can and gets new ones for the rest.
  const itemKeys = value.map((_item, index) => keys[index] ?? `${keys.length}-extra-${index}`);

  useEffect(() => {
    if (!focusRequest) return;
    const scope = list.current;
    const wanted = scope?.querySelector<HTMLButtonElement>(
      `[data-move="${focusRequest.key}-${focusRequest.button}"]`,
    );
    const other = scope?.querySelector<HTMLButtonElement>(
      `[data-move="${focusRequest.key}-${focusRequest.button === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusRequest(null);
  }, [focusRequest]);

  const typeName = (item: Attachment) => t(`eventExtras.attachments.types.${item.type}`);
  const itemName = (item: Attachment, index: number) =>
    t('eventExtras.attachments.itemLabel', { type: typeName(item), position: index + 1 });

  const update = (next: Attachment[], nextKeys: string[]) => {
    setKeys(nextKeys);
    onChange(next);
  };

  const handleAdd = (type: EditableAttachmentType) => {
    setMenuAnchor(null);
    const key = newKey();
    setJustAdded(key);
    update([...value, newAttachment(type)], [...itemKeys, key]);
  };

  const handleRemove = (index: number) => {
    const item = value[index];
    if (!item) return;
    setAnnouncement(t('eventExtras.attachments.removed', { name: itemName(item, index) }));
    update(
      value.filter((_item, position) => position !== index),
      itemKeys.filter((_key, position) => position !== index),
    );
    addButton.current?.focus();
  };

  const handleMove = (index: number, offset: -1 | 1) => {
    const item = value[index];
    const key = itemKeys[index];
    if (!item || !key) return;
    update(moveItem(value, index, offset), moveItem(itemKeys, index, offset));
    setAnnouncement(
      t('eventExtras.attachments.moved', { name: typeName(item), position: index + offset + 1 }),
    );
    setFocusRequest({ key, button: offset < 0 ? 'up' : 'down' });
  };

  const handleBusy = (isBusy: boolean) => {
    busyCount.current += isBusy ? 1 : -1;
    onBusyChange?.(busyCount.current > 0);
  };

  const isFull = value.length >= max;
  return (
    <Box role="group" aria-label={t('eventExtras.attachments.legend')}>
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('eventExtras.attachments.empty')}
        </Typography>
      ) : null}
      <Stack spacing={2} ref={list} sx={{ mb: 2 }}>
        {value.map((item, index) => {
          const key = itemKeys[index] ?? String(index);
          const name = itemName(item, index);
          const errors = attachmentErrors(item);
          return (
            <Paper
              key={key}
              variant="outlined"
              component="section"
              aria-label={name}
              sx={{ p: 2, borderRadius: 2 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
                <Typography variant="subtitle2" component="h3" sx={{ flex: 1, minWidth: 0 }}>
                  {name}
                </Typography>
                <Tooltip title={t('eventExtras.attachments.moveUp', { name })}>
                  <span>
                    <IconButton
                      aria-label={t('eventExtras.attachments.moveUp', { name })}
                      data-move={`${key}-up`}
                      onClick={() => handleMove(index, -1)}
                      disabled={disabled || index === 0}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('eventExtras.attachments.moveDown', { name })}>
                  <span>
                    <IconButton
                      aria-label={t('eventExtras.attachments.moveDown', { name })}
                      data-move={`${key}-down`}
                      onClick={() => handleMove(index, 1)}
                      disabled={disabled || index === value.length - 1}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('eventExtras.attachments.remove', { name })}>
                  <span>
                    <IconButton
                      aria-label={t('eventExtras.attachments.remove', { name })}
                      onClick={() => handleRemove(index)}
                      disabled={disabled}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
              <AttachmentFields
                item={item}
                onChange={(changed) =>
                  onChange(value.map((current, position) => (position === index ? changed : current)))
                }
                errors={errors}
                shouldShowError={(field) =>
                  Boolean(errors[field]) && (showErrors || touched.has(`${key}.${field}`))
                }
                onTouch={(field) => setTouched((before) => new Set(before).add(`${key}.${field}`))}
                disabled={disabled}
                autoFocus={justAdded === key}
                onBusyChange={handleBusy}
              />
            </Paper>
          );
        })}
      </Stack>
      <Button
        ref={addButton}
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        disabled={disabled || isFull}
        aria-haspopup="menu"
        aria-expanded={menuAnchor ? 'true' : undefined}
      >
        {t('eventExtras.attachments.add')}
      </Button>
      {isFull ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('eventExtras.attachments.limit', { count: max })}
        </Typography>
      ) : null}
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        {editableAttachmentTypes.map((type) => (
          <MenuItem key={type} onClick={() => handleAdd(type)}>
            {t(`eventExtras.attachments.types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
      <Box sx={visuallyHidden} aria-live="polite">
        {announcement}
      </Box>
    </Box>
  );
}
