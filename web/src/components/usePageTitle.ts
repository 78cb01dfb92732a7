import { productName } from '@convene/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<title> · Convene" while the screen is shown. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const documentTitle = t('app.pageTitle', { title, product: productName });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
}
