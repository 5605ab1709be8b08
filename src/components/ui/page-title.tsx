import { useTranslation } from 'react-i18next';

/**
 * The page's <title>, "Heading | عفش". React places it in the document's head, in the
 * prerendered HTML as in the browser, and takes it away when the page goes.
 */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return <title>{`${title} | ${t('brand.name')}`}</title>;
}
