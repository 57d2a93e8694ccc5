/** The column headers in the UI language: on screen and as the CSV's header row. */
import { t } from '../../lib/i18n';
import type { Column } from '../../lib/portfolio/table';

export const columnLabels = (): Record<Column, string> => ({
  name: t('portfolio_col_name'),
  area: t('portfolio_col_area'),
  roomsTotal: t('portfolio_col_rooms'),
  roomsOccupied: t('portfolio_col_occupied'),
  roomsFree: t('portfolio_col_free'),
  occupancy: t('portfolio_col_occupancy'),
  rentLet: t('portfolio_col_rentLet'),
  rentEmpty: t('portfolio_col_rentEmpty'),
  tenants: t('portfolio_col_tenants'),
  oldestPayment: t('portfolio_col_oldestPayment'),
  late: t('portfolio_col_late'),
  balance: t('portfolio_col_balance'),
  updatedAt: t('portfolio_col_updated'),
});
