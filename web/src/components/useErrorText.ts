import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Translates an error key (a form error message or an API error mapping); unknown keys read as generic. */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (key) => {
    if (!key) return undefined;
    return i18n.exists(key) ? t(key as ParseKeys) : t('errors.generic');
  };
}
