import { Paper } from '@mantine/core';
import { CardView } from './CardView';
import { ListStates } from './ListStates';
import { TableView } from './TableView';
import { Toolbar } from './Toolbar';
import type { ResourceListProps } from './types';
import { useResourceList } from './use-resource-list';

/**
 * One company or admin list, declared: its data hook, columns, filters, phone card and empty states. The
 * kit keeps keyword, filters, page and sort in the URL (docs/product/PRODUCT.md §5).
 */
export function ResourceList<T extends { id: number | string }>(props: ResourceListProps<T>) {
  const { useData, sortable, filters, clearKeeps, card, onOpen, label } = props;
  const { state, list, keywordInput, setKeywordInput } = useResourceList(
    useData,
    sortable,
    filters,
    clearKeeps,
    props.loadingOverlay,
  );
  const held = props.hold?.(state) ?? false;
  const { query, narrow } = state;
  const rows = held ? [] : state.rows;
  return (
    <>
      {props.above?.(state)}
      <Paper withBorder radius="md">
        {props.top?.(state)}
        {(props.search || filters?.length || props.toolbarExtra) && (
          <Toolbar
            state={state}
            search={props.search}
            keywordInput={keywordInput}
            onKeyword={setKeywordInput}
            filters={filters}
            clearButton={props.toolbarClear}
            extra={props.toolbarExtra?.(state)}
            phoneSortChoices={props.phoneSortChoices}
            onPhoneSort={list.setSort}
            label={props.toolbarLabel}
          />
        )}
        {props.beforeRows?.(state)}
        {card && narrow ? (
          <CardView label={label} card={card} rows={rows} busy={query.isFetching} onOpen={onOpen} />
        ) : (
          <TableView
            label={label}
            columns={props.columns}
            rows={rows}
            rowTestId={props.rowTestId}
            busy={query.isFetching}
            pending={query.isPending && !held}
            sortBy={list.sortBy}
            sortDir={list.sortDir}
            onSort={(key) => list.toggleSort(key)}
            onOpen={onOpen}
            minWidth={props.minWidth}
            skeleton={props.skeleton}
            highlightOnHover={props.highlightOnHover}
            rowBg={props.rowBg}
            foot={props.tableFoot}
            renderRow={props.renderRow}
            tableProps={props.tableProps}
          />
        )}
        {!held && (
          <ListStates
            query={query}
            filtered={props.isFiltered ? props.isFiltered(state) : state.filtered}
            empty={props.empty}
            emptyFiltered={props.emptyFiltered}
            onClear={state.clear}
            onPage={list.setPage}
          />
        )}
      </Paper>
    </>
  );
}
