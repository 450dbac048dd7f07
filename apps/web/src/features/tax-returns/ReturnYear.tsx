import type { FiscalYear } from '@chobo/core';
import { Alert, Select } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FILER_NOTICE, type useChosenYear, yearOption } from './chosen-year';

/** The notice above both returns (法人税, 消費税): the figures are for reference, to be checked before filing. */
export function FilerNotice() {
  return (
    <Alert color="warning" variant="light" icon={<IconAlertTriangle size={18} />} title="提出前に必ず確認してください">
      {FILER_NOTICE}
    </Alert>
  );
}

/** The fiscal year a return is for (the chosen one of useChosenYear); `onChoose` gets the year's id. */
export function ReturnYearSelect({
  label,
  chosen,
  onChoose,
}: {
  label: string;
  chosen: Pick<ReturnType<typeof useChosenYear>, 'years' | 'list'> & { year: FiscalYear | undefined };
  onChoose: (id: number) => void;
}) {
  const { years, list, year } = chosen;
  return (
    <Select
      label={label}
      data={list.map(yearOption)}
      value={year ? String(year.id) : null}
      onChange={(v) => v && onChoose(Number(v))}
      allowDeselect={false}
      w={{ base: '100%', sm: 380 }}
      disabled={years.isLoading}
      placeholder={years.isLoading ? '読み込み中…' : '会計年度がありません'}
    />
  );
}
