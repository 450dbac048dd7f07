export { CardTotal, CardView } from './CardView';
export { CsvDownloadMenu, type CsvEncoding } from './CsvDownloadMenu';
export { cell } from './cell';
export { DIGITS, filterKeys, filterParam, ISO_DATE, validFilters } from './filter-keys';
export { amountValue, FilterInput, UrlDateField, yenToUrl } from './filters';
export { ListStates } from './ListStates';
export { ResourceList } from './ResourceList';
export { type RowSelection, SelectionBar, selectionColumn, useRowSelection } from './selection';
export { TableView } from './TableView';
export { Toolbar } from './Toolbar';
export type {
  ColumnSpec,
  CustomerPickerProps,
  EmptySpec,
  FilteredEmptySpec,
  FilterSpec,
  ListDataHook,
  ListFilterApi,
  ListQueryParams,
  PhoneCardSpec,
  ResourceListProps,
  ResourceListState,
} from './types';
export { useUrlDraft } from './url-draft';
export { PHONE_QUERY, useResourceList } from './use-resource-list';
