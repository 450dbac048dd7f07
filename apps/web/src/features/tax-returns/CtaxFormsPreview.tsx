import {
  type ConsumptionTaxDraftInputs,
  type ConsumptionTaxResult,
  type CtaxFormValue,
  consumptionTaxForms,
  formatJPY,
} from '@chobo/core';
import { Button, ScrollArea, Table, Tabs, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Section } from './Section';

const cell = (v: CtaxFormValue) => (v === null ? '' : typeof v === 'string' ? v : formatJPY(v));

/** 第一表, 第二表 and the method's 付表 as the PDF prints them (core's rows), one tab per form. */
export function CtaxFormsPreview({
  inputs,
  result,
  onPdf,
  pdfDisabled,
}: {
  inputs: ConsumptionTaxDraftInputs;
  result: ConsumptionTaxResult;
  onPdf: () => void;
  /** The PDF prints the saved return: disabled while there are unsaved changes. */
  pdfDisabled: string | null;
}) {
  const sheets = useMemo(() => consumptionTaxForms(inputs, result), [inputs, result]);
  return (
    <Section title="申告書のプレビュー" description="PDFに印刷される第一表・第二表・付表の金額です。">
      <Tabs defaultValue={sheets[0].code} keepMounted={false}>
        <Tabs.List>
          {sheets.map((s) => (
            <Tabs.Tab key={s.code} value={s.code}>
              {s.code}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {sheets.map((s) => (
          <Tabs.Panel key={s.code} value={s.code} pt="sm">
            <Text size="sm" fw={700} mb={4}>
              {s.title}
            </Text>
            <ScrollArea type="auto">
              <Table
                withTableBorder
                striped
                fz="xs"
                miw={s.columns.length > 1 ? 560 : undefined}
                data-testid={`sheet-${s.code}`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={44}>行</Table.Th>
                    <Table.Th>項目</Table.Th>
                    {s.columns.map((c) => (
                      <Table.Th key={c} ta="right">
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.sections.flatMap((sec) => [
                    ...(sec.heading
                      ? [
                          <Table.Tr key={`h-${sec.heading}`}>
                            <Table.Td colSpan={2 + s.columns.length} fw={700} c="red.9">
                              {sec.heading}
                            </Table.Td>
                          </Table.Tr>,
                        ]
                      : []),
                    ...sec.rows.map((r) => (
                      <Table.Tr key={`${r.no}-${r.label}`} fw={r.strong ? 700 : undefined}>
                        <Table.Td>{r.no}</Table.Td>
                        <Table.Td>{r.label}</Table.Td>
                        {s.columns.map((c, j) => (
                          <Table.Td
                            key={c}
                            ta="right"
                            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                          >
                            {cell(r.values[j])}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    )),
                  ])}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            {s.notes.map((n) => (
              <Text key={n} size="xs" c="dimmed" mt={4}>
                {n}
              </Text>
            ))}
          </Tabs.Panel>
        ))}
      </Tabs>
      <Button mt="sm" leftSection={<IconFileTypePdf size={16} />} onClick={onPdf} disabled={pdfDisabled !== null}>
        申告書のPDF
      </Button>
      {pdfDisabled && (
        <Text size="xs" c="dimmed" mt={4}>
          {pdfDisabled}
        </Text>
      )}
    </Section>
  );
}
