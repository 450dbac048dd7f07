import { formatDateJa, formatJPY } from '@chobo/core';
import {
  Box,
  Center,
  Code,
  Collapse,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** What a person reads on a paper invoice, taken from a JP PINT (UBL 2.1) XML in the browser. */
export interface EInvoiceView {
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  seller: { name: string | null; registrationNumber: string | null; address: string | null };
  buyer: { name: string | null } | null;
  lines: { name: string; quantity: string; unit: string; price: number | null; amount: number | null; rate: string }[];
  rates: { rate: string; base: number | null; tax: number | null }[];
  payable: number | null;
}

const kids = (el: Element | null | undefined, ns: string, name: string) =>
  el ? Array.from(el.children).filter((c) => c.namespaceURI === ns && c.localName === name) : [];
const kid = (el: Element | null | undefined, ns: string, name: string) => kids(el, ns, name)[0] ?? null;
/** The element at a path of `cac:`/`cbc:` steps below `el`. */
const at = (el: Element | null | undefined, path: string): Element | null => {
  let cur: Element | null = el ?? null;
  for (const step of path.split('/')) {
    const [p, name] = step.split(':');
    cur = kid(cur, p === 'cbc' ? CBC : CAC, name);
    if (!cur) return null;
  }
  return cur;
};
const text = (el: Element | null | undefined, path: string) => at(el, path)?.textContent?.trim() || null;
const yen = (el: Element | null | undefined, path: string) => {
  const v = text(el, path);
  return v === null || Number.isNaN(Number(v)) ? null : Number(v);
};
const rateOf = (cat: Element | null) => {
  const id = text(cat, 'cbc:ID');
  const percent = text(cat, 'cbc:Percent');
  if (id === 'E') return '非課税';
  if (id === 'O') return '対象外';
  return percent ? `${Number(percent)}%` : '—';
};

/** The invoice of an XML text, or null when it is not a UBL Invoice. */
export function readEInvoiceView(xml: string): EInvoiceView | null {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  if (root?.localName !== 'Invoice' || doc.getElementsByTagName('parsererror').length) return null;
  const seller = at(root, 'cac:AccountingSupplierParty/cac:Party');
  const buyer = at(root, 'cac:AccountingCustomerParty/cac:Party');
  const partyName = (p: Element | null) =>
    text(p, 'cac:PartyName/cbc:Name') ?? text(p, 'cac:PartyLegalEntity/cbc:RegistrationName');
  return {
    number: text(root, 'cbc:ID'),
    issueDate: text(root, 'cbc:IssueDate'),
    dueDate: text(root, 'cbc:DueDate'),
    seller: {
      name: partyName(seller),
      registrationNumber: text(seller, 'cac:PartyTaxScheme/cbc:CompanyID'),
      address: text(seller, 'cac:PostalAddress/cbc:StreetName'),
    },
    buyer: buyer ? { name: partyName(buyer) } : null,
    lines: kids(root, CAC, 'InvoiceLine').map((l) => ({
      name: text(l, 'cac:Item/cbc:Name') ?? '',
      quantity: text(l, 'cbc:InvoicedQuantity') ?? '',
      unit: at(l, 'cbc:InvoicedQuantity')?.getAttribute('unitCode') ?? '',
      price: yen(l, 'cac:Price/cbc:PriceAmount'),
      amount: yen(l, 'cbc:LineExtensionAmount'),
      rate: rateOf(at(l, 'cac:Item/cac:ClassifiedTaxCategory')),
    })),
    rates: kids(kid(root, CAC, 'TaxTotal'), CAC, 'TaxSubtotal').map((s) => ({
      rate: rateOf(at(s, 'cac:TaxCategory')),
      base: yen(s, 'cbc:TaxableAmount'),
      tax: yen(s, 'cbc:TaxAmount'),
    })),
    payable: yen(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount'),
  };
}

const money = (v: number | null) => (v === null ? '—' : formatJPY(v));
const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDateJa(v) : (v ?? '—'));
const right = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A received e-invoice shown as a person reads it (the XML itself one click away), from its signed address. */
export function EInvoicePreview({ url, height }: { url: string; height: number }) {
  const [raw, setRaw] = useState(false);
  const q = useQuery({
    queryKey: ['einvoice-xml', url],
    queryFn: async ({ signal }) => {
      const res = await fetch(url, { signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.text();
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
  if (q.isError)
    return (
      <Center h={200}>
        <Text size="sm" c="red">
          XMLを読み込めませんでした
        </Text>
      </Center>
    );
  if (!q.data)
    return (
      <Center h={height} aria-busy>
        <Loader size="sm" />
      </Center>
    );
  const v = readEInvoiceView(q.data);
  return (
    <ScrollArea.Autosize mah={height} type="auto">
      <Stack gap="sm" p="sm" data-testid="einvoice-preview">
        {v ? (
          <>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <div>
                <Text fw={700}>請求書（電子インボイス）</Text>
                <Text size="xs" c="dimmed">
                  No.{v.number ?? '（番号なし）'}・発行日 {date(v.issueDate)}
                  {v.dueDate ? `・お支払期限 ${date(v.dueDate)}` : ''}
                </Text>
              </div>
              <Text fw={700} size="lg" style={right}>
                {money(v.payable)}
              </Text>
            </Group>
            <Group gap="xl" align="flex-start" wrap="wrap">
              <div>
                <Text size="xs" c="dimmed">
                  発行元
                </Text>
                <Text size="sm">{v.seller.name ?? '（名称なし）'}</Text>
                <Text size="xs" c={v.seller.registrationNumber ? undefined : 'red'}>
                  登録番号 {v.seller.registrationNumber ?? 'なし'}
                </Text>
                {v.seller.address && (
                  <Text size="xs" c="dimmed">
                    {v.seller.address}
                  </Text>
                )}
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  宛先
                </Text>
                <Text size="sm" c={v.buyer?.name ? undefined : 'red'}>
                  {v.buyer?.name ? `${v.buyer.name} 御中` : '記載なし'}
                </Text>
              </div>
            </Group>
            <Table.ScrollContainer minWidth={420}>
              <Table fz="xs" verticalSpacing={4} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>品名</Table.Th>
                    <Table.Th style={right}>数量</Table.Th>
                    <Table.Th style={right}>単価</Table.Th>
                    <Table.Th style={right}>金額</Table.Th>
                    <Table.Th style={right}>税率</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {v.lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one document, in its order
                    <Table.Tr key={i}>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td style={right}>{Number(l.quantity).toLocaleString('ja-JP')}</Table.Td>
                      <Table.Td style={right}>{money(l.price)}</Table.Td>
                      <Table.Td style={right}>{money(l.amount)}</Table.Td>
                      <Table.Td style={right}>{l.rate}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Table fz="xs" verticalSpacing={2} w="auto" ml="auto" aria-label="税率ごとの内訳">
              <Table.Tbody>
                {v.rates.map((r) => (
                  <Table.Tr key={r.rate}>
                    <Table.Td>{r.rate}対象</Table.Td>
                    <Table.Td style={right}>{money(r.base)}</Table.Td>
                    <Table.Td>消費税</Table.Td>
                    <Table.Td style={right}>{money(r.tax)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            UBL の Invoice として読めないXMLです。
          </Text>
        )}
        <Box>
          <UnstyledButton onClick={() => setRaw((o) => !o)} aria-expanded={raw}>
            <Group gap={4}>
              {raw ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text size="xs" c="blue.7">
                XMLをそのまま表示
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={raw}>
            <Code block fz={11} mt={4} style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
              {q.data}
            </Code>
          </Collapse>
        </Box>
      </Stack>
    </ScrollArea.Autosize>
  );
}
