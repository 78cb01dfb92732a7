import { Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/useErrorText.ts';
import type { AttachmentFieldsProps } from './attachmentFieldsProps.ts';
import { colorInputValue, fileNameFromUrl, withField } from './attachmentItems.ts';
import { ImageAttachmentFields } from './ImageAttachmentFields.tsx';

/** The fields of one attachment, by type; text and details items are shown read-only. */
export function AttachmentFields(props: AttachmentFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { item, onChange, errors, shouldShowError, onTouch, disabled, autoFocus } = props;
  const data = item.data as Record<string, string | null | undefined>;

  const field = (
    name: string,
    label: string,
    options: { type?: string; multiline?: boolean; focus?: boolean; maxLength?: number } = {},
  ) => {
    const message = shouldShowError(name) ? errorText(errors[name]) : undefined;
    return (
      <TextField
        label={label}
        value={data[name] ?? ''}
        onChange={(event) => onChange(withField(item, name, event.target.value))}
        onBlur={() => onTouch(name)}
        error={Boolean(message)}
        helperText={message}
        disabled={disabled}
        type={options.type}
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        autoFocus={options.focus && autoFocus}
        slotProps={{ htmlInput: { maxLength: options.maxLength } }}
        fullWidth
      />
    );
  };

  switch (item.type) {
    case 'video':
      return field('url', t('eventExtras.attachments.fields.videoUrl'), { type: 'url', focus: true });
    case 'image':
      return <ImageAttachmentFields {...props} />;
    case 'button':
      return (
        <Stack spacing={2}>
          {field('text', t('eventExtras.attachments.fields.buttonText'), { focus: true, maxLength: 60 })}
          {field('url', t('eventExtras.attachments.fields.buttonUrl'), { type: 'url' })}
          <TextField
            label={t('eventExtras.attachments.fields.buttonColor')}
            type="color"
            value={colorInputValue(item.data.color)}
            onChange={(event) => onChange(withField(item, 'color', event.target.value))}
            disabled={disabled}
            sx={{ width: 180 }}
          />
        </Stack>
      );
    case 'document':
      return (
        <Stack spacing={2}>
          {field('title', t('eventExtras.attachments.fields.documentTitle'), { focus: true, maxLength: 200 })}
          {field('description', t('eventExtras.attachments.fields.documentDescription'), {
            multiline: true,
            maxLength: 2000,
          })}
          <TextField
            label={t('eventExtras.attachments.fields.documentUrl')}
            type="url"
            value={item.data.url}
            onChange={(event) => {
              const url = event.target.value;
              const { fileName } = item.data;
              // The file name follows the link until someone types their own.
              const follows = fileName === '' || fileName === fileNameFromUrl(item.data.url);
              onChange({
                ...item,
                data: { ...item.data, url, fileName: follows ? fileNameFromUrl(url) : fileName },
              });
            }}
            onBlur={() => onTouch('url')}
            error={shouldShowError('url') && Boolean(errors.url)}
            helperText={shouldShowError('url') ? errorText(errors.url) : undefined}
            disabled={disabled}
            fullWidth
          />
          {field('fileName', t('eventExtras.attachments.fields.fileName'), { maxLength: 255 })}
        </Stack>
      );
    case 'twitter':
      return field('widgetId', t('eventExtras.attachments.fields.widgetId'), { focus: true, maxLength: 64 });
    case 'text':
    case 'details':
      return (
        <Box>
          <Typography
            variant="body2"
            sx={{
              whiteSpace: 'pre-wrap',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {item.data.text}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('eventExtras.attachments.readOnly')}
          </Typography>
        </Box>
      );
  }
}
