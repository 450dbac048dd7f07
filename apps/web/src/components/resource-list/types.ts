import type { Paginated } from '@chobo/core';
import type { MantineRadius, TableProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import type { SortDir } from '../../lib/use-list-params';

/** What a list's data hook receives: the URL's keyword, page and sort, plus each (valid) filter value. */
export interface ListQueryParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: SortDir | null;
  [filter: string]: string | number | null;
}

/** A feature's data hook (in its api.ts): list params in, a TanStack query of one page out. */
export type ListDataHook<T> = (params: ListQueryParams) => UseQueryResult<Paginated<T>, Error>;

export interface ColumnSpec<T> {
  label: string;
  /** A key of the list's sort whitelist: the header sorts by it. */
  sort?: string;
  w?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Style of each cell (e.g. tabular numbers). */
  style?: CSSProperties;
  /** The header is read by screen readers only (e.g. 操作). */
  hideLabel?: boolean;
  /** The header's alignment (default: the header's own). */
  headerAlign?: 'left' | 'center' | 'right';
  /** A cell of buttons (row actions): a click or key there does not open the row. */
  actions?: boolean;
  render: (row: T) => ReactNode;
}

/** The state a custom filter or a slot sees, and how it changes the URL. */
export interface ListFilterApi {
  values: Record<string, string | null>;
  set: (key: string, value: string | null, opts?: { replace?: boolean }) => void;
  /** A phone (≤ 48em) layout. */
  narrow?: boolean;
}

interface FilterBase {
  /** Values outside it are ignored (not sent, not shown). */
  valid?: (value: string) => boolean;
}
export type FilterSpec =
  | (FilterBase & {
      type: 'select';
      key: string;
      label?: string;
      ariaLabel?: string;
      placeholder?: string;
      data: { value: string; label: string }[];
      w?: number | string;
      clearable?: boolean;
    })
  | (FilterBase & {
      type: 'chips';
      key: string;
      ariaLabel: string;
      allLabel?: string;
      options: readonly { value: string; label: string }[];
    })
  | (FilterBase & {
      type: 'dateRange';
      from: string;
      to: string;
      fromLabel: string;
      toLabel: string;
      /** The labels shown above the fields (else they name the fields for screen readers only). */
      visibleLabels?: boolean;
      /** Names the pair (role="group"). */
      groupLabel?: string;
      /** A message under the pair (e.g. 終了日 before 開始日). */
      error?: (values: Record<string, string | null>) => string | null;
      w?: number;
    })
  | (FilterBase & { type: 'amountRange'; min: string; max: string; minLabel: string; maxLabel: string; w?: number })
  | (FilterBase & {
      type: 'customer';
      key: string;
      ariaLabel: string;
      placeholder?: string;
      /** The feature's customer picker (the kit imports no feature). */
      select: ComponentType<CustomerPickerProps>;
      /** Names the chosen customer from the rows (the picker's current label). */
      labelFrom?: (rows: unknown[], id: string) => string | null;
      w?: number | string;
    })
  | (FilterBase & {
      type: 'segmented';
      key: string;
      ariaLabel: string;
      allLabel?: string;
      options: readonly { value: string; label: string }[];
    })
  | (FilterBase & { type: 'custom'; keys: readonly string[]; render: (api: ListFilterApi) => ReactNode });

export interface CustomerPickerProps {
  value: number | null;
  onChange: (id: number | null, label: string | null) => void;
  currentLabel?: string | null;
  placeholder?: string;
  'aria-label'?: string;
}

/** How a row renders on a phone (≤ 48em) instead of the table. */
export interface PhoneCardSpec<T> {
  testId?: string;
  /** Under the cards while there are rows (e.g. the page's totals). */
  foot?: (rows: T[]) => ReactNode;
  /** Each card in its own bordered box (gap between) instead of rows divided by lines. */
  framed?: boolean;
  /** The card is not one button (it holds buttons of its own): `render` opens the row itself. */
  plain?: boolean;
  render: (row: T) => ReactNode;
}

export interface EmptySpec {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export interface FilteredEmptySpec extends EmptySpec {
  /** A 「条件をクリア」 button under the message. */
  clearAction?: boolean;
}

export interface ResourceListProps<T extends { id: number | string }> {
  /** The table's (and phone list's) aria-label. */
  label: string;
  useData: ListDataHook<T>;
  sortable: readonly string[];
  columns: ColumnSpec<T>[];
  /** data-testid of each table row. */
  rowTestId: string;
  search?: { placeholder: string; label?: string };
  filters?: FilterSpec[];
  /** A subtle 「条件をクリア」 in the toolbar while filtered. */
  toolbarClear?: boolean;
  /** Query-string keys that 条件をクリア keeps (e.g. a tab); without it only keyword and filters go. */
  clearKeeps?: readonly string[];
  /** Names the toolbar as a search landmark (role="search"). */
  toolbarLabel?: string;
  /** While true (e.g. the filters contradict each other) no rows, empty or error state are shown. */
  hold?: (state: ResourceListState<T>) => boolean;
  /** Extra content at the end of the toolbar row. */
  toolbarExtra?: (state: ResourceListState<T>) => ReactNode;
  /** Rendered before the list's card (a page header with actions that need the list state). */
  above?: (state: ResourceListState<T>) => ReactNode;
  card?: PhoneCardSpec<T>;
  /** A <tfoot> of the table while there are rows (e.g. the page's totals). */
  tableFoot?: (rows: T[]) => ReactNode;
  /** At the top of the list's card, above the toolbar (e.g. what was just saved). */
  top?: (state: ResourceListState<T>) => ReactNode;
  /** Rows rendered by the list itself (e.g. one entry over several <tr>, with rowSpan); the kit keeps the rest. */
  renderRow?: (row: T) => ReactNode;
  /** Whether the list counts as filtered (the empty state's variant); default: a keyword or any filter value. */
  isFiltered?: (state: ResourceListState<T>) => boolean;
  /** More props of the <Table> (spacing, borders, style). */
  tableProps?: Partial<TableProps>;
  /** Between the toolbar and the rows (e.g. a bar about the selected rows). */
  beforeRows?: (state: ResourceListState<T>) => ReactNode;
  /** On a phone (where the headers are not shown) a 並び順 select of `sort_by:sort_dir` values; '' = the default. */
  phoneSortChoices?: { value: string; label: string }[];
  onOpen?: (row: T) => void;
  empty: EmptySpec;
  emptyFiltered?: FilteredEmptySpec;
  minWidth?: number;
  skeleton?: {
    rows?: number;
    radius?: MantineRadius;
    testId?: string /** one cell across the row */;
    colSpan?: boolean;
  };
  /** The full-page loading overlay while a new page loads (default true; off for a list that polls quietly). */
  loadingOverlay?: boolean;
  /** Rows light up under the pointer (default true). */
  highlightOnHover?: boolean;
  /** A row's background (e.g. the one just saved). */
  rowBg?: (row: T) => string | undefined;
}

export interface ResourceListState<T> {
  params: ListQueryParams;
  filters: Record<string, string | null>;
  filtered: boolean;
  narrow: boolean;
  rows: T[];
  query: UseQueryResult<Paginated<T>, Error>;
  setFilter: ListFilterApi['set'];
  clear: () => void;
  sortBy: string | null;
  sortDir: SortDir | null;
}
