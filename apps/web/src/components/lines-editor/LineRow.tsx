import { formatJPY, type Product } from '@chobo/core';
import { ActionIcon, Grid, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { LineFormValues, TransactionFormValues } from '../../features/transactions/form-values';
import { num } from '../../features/transactions/labels';
import type { LinesForm } from './LinesEditor';
import { amountOf, limitMessage } from './line-amount';
import { DescriptionCell, PriceCell, QuantityCell, TaxCell } from './line-cells';

export type LineField = 'description' | 'quantity' | 'unit' | 'unit_price' | 'tax_category' | 'product_id';

export interface RowActions {
  pick: (index: number, product: Product) => void;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  onRowKey: (event: KeyboardEvent<HTMLElement>, index: number) => void;
}

/** What each cell of a row needs. */
export interface CellProps {
  form: LinesForm;
  index: number;
  rowNo: number;
  narrow: boolean;
  readOnly: boolean;
  err: (field: LineField) => string | undefined;
  label: (text: string) => string | undefined;
}

/** 上へ / 下へ of a row (Alt+↑/↓ does the same). */
function MoveButtons({
  index,
  count,
  readOnly,
  actions,
}: {
  index: number;
  count: number;
  readOnly: boolean;
  actions: RowActions;
}) {
  const rowNo = index + 1;
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="上へ（Alt+↑）" withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          tabIndex={-1}
          aria-label={`${rowNo}行目を上へ`}
          disabled={readOnly || index === 0}
          onClick={() => actions.move(index, index - 1)}
        >
          <IconArrowUp size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="下へ（Alt+↓）" withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          tabIndex={-1}
          aria-label={`${rowNo}行目を下へ`}
          disabled={readOnly || index === count - 1}
          onClick={() => actions.move(index, index + 1)}
        >
          <IconArrowDown size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function RemoveButton({ index, disabled, actions }: { index: number; disabled: boolean; actions: RowActions }) {
  return (
    <Tooltip label="この行を削除" withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        tabIndex={-1}
        aria-label={`${index + 1}行目を削除`}
        disabled={disabled}
        onClick={() => actions.remove(index)}
      >
        <IconX size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

/** 金額 of the row: — while incomplete, red when negative. */
function AmountCell({ line, rowNo, narrow }: { line: LineFormValues | undefined; rowNo: number; narrow: boolean }) {
  const amount = amountOf(line);
  return (
    <Grid.Col span={narrow ? 12 : 3}>
      {narrow && (
        <Text size="sm" fw={500} mb={2} ta="right">
          金額
        </Text>
      )}
      <Text
        size="sm"
        fw={600}
        ta="right"
        lh="36px"
        style={num}
        c={amount !== null && amount < 0 ? 'red' : undefined}
        data-testid="line-amount"
        aria-label={`${rowNo}行目 金額`}
      >
        {amount === null ? '—' : formatJPY(amount)}
      </Text>
    </Grid.Col>
  );
}

/** One 明細 row: a card on a phone (明細 n, the buttons on top), a grid row of the table otherwise. */
export function LineRow({
  form,
  index,
  count,
  line,
  narrow,
  readOnly,
  removable,
  actions,
}: {
  form: LinesForm;
  index: number;
  count: number;
  line: LineFormValues | undefined;
  narrow: boolean;
  readOnly: boolean;
  removable: boolean;
  actions: RowActions;
}) {
  const errors = form.formState.errors as FieldErrors<TransactionFormValues>;
  const rowNo = index + 1;
  const cell: CellProps = {
    form,
    index,
    rowNo,
    narrow,
    readOnly,
    // the server's / the schema's message, else a limit passed while typing (before any submit)
    err: (field) =>
      errors.lines?.[index]?.[field]?.message ??
      (field === 'quantity' || field === 'unit_price' ? limitMessage(line, field) : undefined),
    label: (text) => (narrow ? text : undefined),
  };
  const controls = <MoveButtons index={index} count={count} readOnly={readOnly} actions={actions} />;
  const remove = <RemoveButton index={index} disabled={readOnly || !removable} actions={actions} />;
  return (
    <Paper
      data-testid="line-row"
      withBorder={narrow}
      p={narrow ? 'sm' : 4}
      radius="md"
      onKeyDown={(event) => actions.onRowKey(event, index)}
      role="group"
      aria-label={`明細 ${rowNo}行目`}
    >
      {narrow && (
        <Group justify="space-between" mb={6}>
          <Group gap={6}>
            <Text size="sm" fw={700}>
              明細 {rowNo}
            </Text>
            {controls}
          </Group>
          {remove}
        </Group>
      )}
      <Grid columns={24} gap="xs" align="flex-start">
        {!narrow && (
          <Grid.Col span={1}>
            <Stack gap={0} align="center">
              <Text size="xs" c="dimmed" lh="20px">
                {rowNo}
              </Text>
              {controls}
            </Stack>
          </Grid.Col>
        )}
        <DescriptionCell {...cell} line={line} onPick={(product) => actions.pick(index, product)} />
        <QuantityCell {...cell} />
        <Grid.Col span={narrow ? 6 : 2}>
          <TextInput
            size="sm"
            label={cell.label('単位')}
            aria-label={`${rowNo}行目 単位`}
            placeholder="個"
            readOnly={readOnly}
            error={cell.err('unit')}
            {...form.register(`lines.${index}.unit`)}
          />
        </Grid.Col>
        <PriceCell {...cell} />
        <TaxCell {...cell} />
        <AmountCell line={line} rowNo={rowNo} narrow={narrow} />
        {!narrow && (
          <Grid.Col span={1}>
            <Group justify="center" h={36}>
              {remove}
            </Group>
          </Grid.Col>
        )}
      </Grid>
    </Paper>
  );
}
