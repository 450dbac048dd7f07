import {
  BANK_FORMATS,
  BANK_IMPORT_STATUSES,
  type BankDryRun,
  type BankImport,
  formatDateTimeJa,
  formatJPY,
} from '@chobo/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type ColumnSpec, ResourceList } from '../../components/resource-list';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { bankKeys, uploadStatement, useBankAccounts, useImportsPage, useMappings } from './api';
import { BankAccountForm, BankAccountsCard } from './BankAccountsCard';
import { MappingSetup } from './MappingSetup';
import { MappingsCard } from './MappingsCard';
import { RulesCard } from './RulesCard';

const FORMAT_OPTIONS = [
  { value: 'auto', label: '自動判別' },
  ...Object.entries(BANK_FORMATS).map(([value, label]) => ({ value, label })),
];
/** The format choice that opens the column-mapping setup for the chosen file. */
const OTHER = 'other';

const statusColor: Record<BankImport['status'], string> = {
  processing: 'blue',
  imported: 'teal',
  failed: 'red',
  reverted: 'gray',
};

const dateTime = (iso: string) => formatDateTimeJa(iso);

function DryRunPreview({ report }: { report: BankDryRun }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge variant="light">{report.format_label}</Badge>
        <Badge variant="light" color="gray">
          {report.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}
        </Badge>
        <Text size="sm">
          {report.total_rows}件（新規 {report.new_rows}件・取り込み済みのため除外 {report.skipped_rows}件）
        </Text>
      </Group>
      {report.problems.length > 0 && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="誤りがあるため取り込めません">
          <Stack gap={2}>
            {report.problems.slice(0, 20).map((p) => (
              <Text size="sm" key={`${p.line_no}-${p.message}`}>
                {p.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <ScrollArea.Autosize mah={260}>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>日付</Table.Th>
              <Table.Th>摘要</Table.Th>
              <Table.Th ta="right">入金</Table.Th>
              <Table.Th ta="right">出金</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.slice(0, 50).map((r) => (
              <Table.Tr key={r.line_no}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.date}</Table.Td>
                <Table.Td>{r.description}</Table.Td>
                <Table.Td ta="right">{r.direction === 'in' ? formatJPY(r.amount) : ''}</Table.Td>
                <Table.Td ta="right">{r.direction === 'out' ? formatJPY(r.amount) : ''}</Table.Td>
                <Table.Td>{r.duplicate && <Badge color="gray">取込済</Badge>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function UploadCard() {
  const accounts = useBankAccounts();
  const mappings = useMappings();
  const client = useQueryClient();
  const [setup, setSetup] = useState(false);
  const navigate = useNavigate();
  const [bankId, setBankId] = useState<string | null>(null);
  const [format, setFormat] = useState('auto');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<BankDryRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = accounts.data ?? [];
  const chosen = bankId ?? (list[0] ? String(list[0].id) : null);

  const formatOptions = [
    ...FORMAT_OPTIONS,
    ...(mappings.data ?? []).map((m) => ({ value: `mapping:${m.id}`, label: `保存した対応付け「${m.name}」` })),
    { value: OTHER, label: 'その他のCSV（列を指定する）' },
  ];
  const check = async (f: File | null, b = chosen, fmt = format) => {
    setFile(f);
    setReport(null);
    setError(null);
    setSetup(fmt === OTHER && f !== null);
    if (!f || !b || fmt === OTHER) return;
    setBusy(true);
    try {
      setReport((await uploadStatement(f, { bank_account_id: Number(b), format: fmt }, true)) as BankDryRun);
    } catch (e) {
      setError(errorMessage(e));
      // the format was not recognised: offer the column-mapping setup with this file
      if (isApiError(e) && e.errors.format) setSetup(true);
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    if (!file || !chosen) return;
    setBusy(true);
    try {
      const imp = (await uploadStatement(file, { bank_account_id: Number(chosen), format }, false)) as BankImport;
      await client.invalidateQueries({ queryKey: bankKeys.all });
      notifySuccess(
        imp.status === 'processing'
          ? `${imp.total_rows}件を取り込んでいます`
          : `${imp.imported_rows}件を取り込みました（重複 ${imp.skipped_rows}件は除外）`,
      );
      navigate(`/company/bank_statement/${imp.id}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={4}>明細ファイルの取り込み</Title>
        {accounts.isSuccess && list.length === 0 ? (
          <Stack gap="sm">
            <Text size="sm">明細を取り込む銀行口座を登録してください（請求書に記載する振込先と同じ一覧です）。</Text>
            <BankAccountForm account={null} wide />
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              全銀協の入出金取引明細、または三菱UFJ・三井住友・みずほ・楽天・PayPay銀行のCSV（Shift_JIS /
              UTF-8）を選んでください。
              取り込み済みの明細は重複して取り込まれません。誤りのある行が1行でもあると何も取り込みません。
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="銀行口座"
                data={list.map((a) => ({
                  value: String(a.id),
                  label: `${a.bank_name} ${a.branch_name} ${a.account_type} ${a.account_number}`,
                }))}
                value={chosen}
                onChange={(v) => {
                  setBankId(v);
                  void check(file, v);
                }}
                allowDeselect={false}
              />
              <Select
                label="ファイル形式"
                data={formatOptions}
                value={format}
                onChange={(v) => {
                  setFormat(v ?? 'auto');
                  void check(file, chosen, v ?? 'auto');
                }}
                allowDeselect={false}
              />
              <FileInput
                label="明細ファイル"
                placeholder="ファイルを選択"
                accept=".csv,.txt,text/csv,text/plain"
                leftSection={<IconFileTypeCsv size={16} />}
                value={file}
                onChange={(f) => void check(f)}
                clearable
                data-testid="statement-file"
              />
            </SimpleGrid>
            {busy && <Progress value={100} animated aria-label="処理中" />}
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={16} />}>
                {error}
              </Alert>
            )}
            {setup && file && (
              <Card withBorder bg="var(--mantine-color-gray-0)">
                <Stack gap="xs">
                  <Title order={5}>列の対応付け</Title>
                  <Text size="sm">
                    どの列が日付・摘要・金額かを指定してください。保存すると、次からはファイル形式で選べます。
                  </Text>
                  <MappingSetup
                    file={file}
                    mapping={null}
                    onSaved={(m) => {
                      const fmt = `mapping:${m.id}`;
                      setFormat(fmt);
                      void check(file, chosen, fmt);
                    }}
                    onCancel={() => setSetup(false)}
                  />
                </Stack>
              </Card>
            )}
            {report && <DryRunPreview report={report} />}
            <Group>
              <Button
                onClick={run}
                disabled={!report || report.problems.length > 0 || report.new_rows === 0 || format === OTHER}
                loading={busy}
              >
                取り込む
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

const TABS = { imports: '取り込み', rules: '仕訳ルール', mappings: '列の対応付け', accounts: '銀行口座' } as const;
type Tab = keyof typeof TABS;

export default function BankStatementListPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (params.get('tab') as Tab) in TABS ? (params.get('tab') as Tab) : 'imports';
  return (
    <Stack gap="lg">
      <PageHeader title="銀行の取引明細取り込み" />
      <Tabs
        value={tab}
        onChange={(t) => setParams(t && t !== 'imports' ? { tab: t } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {Object.entries(TABS).map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="imports" pt="md">
          <ImportsTab />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          <RulesCard />
        </Tabs.Panel>
        <Tabs.Panel value="mappings" pt="md">
          <MappingsCard />
        </Tabs.Panel>
        <Tabs.Panel value="accounts" pt="md">
          <BankAccountsCard />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const IMPORT_COLUMNS: ColumnSpec<BankImport>[] = [
  {
    label: '取り込み日時',
    render: (i) => (
      <>
        <Anchor component={Link} to={`/company/bank_statement/${i.id}`}>
          {dateTime(i.created_at)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {i.file_name}
        </Text>
      </>
    ),
  },
  { label: '銀行口座', render: (i) => i.bank_account_label },
  { label: '形式', render: (i) => i.format_label },
  { label: '期間', render: (i) => `${i.period_from}〜${i.period_to}` },
  {
    label: '明細',
    align: 'right',
    headerAlign: 'right',
    render: (i) => (
      <>
        {i.imported_rows}件
        {i.skipped_rows > 0 && (
          <Text size="xs" c="dimmed">
            重複 {i.skipped_rows}件
          </Text>
        )}
      </>
    ),
  },
  { label: '確定', align: 'right', headerAlign: 'right', render: (i) => `${i.confirmed_rows}件` },
  {
    label: '状態',
    render: (i) =>
      i.status === 'processing' ? (
        <Stack gap={2} w={120}>
          <Progress
            value={i.total_rows ? (100 * i.processed_rows) / i.total_rows : 0}
            animated
            aria-label="取り込み中"
          />
          <Text size="xs" c="dimmed">
            {i.processed_rows.toLocaleString()} / {i.total_rows.toLocaleString()}件
          </Text>
        </Stack>
      ) : (
        <Badge color={statusColor[i.status]}>{BANK_IMPORT_STATUSES[i.status]}</Badge>
      ),
  },
];

function ImportsTab() {
  return (
    <Stack gap="lg">
      <UploadCard />
      <ResourceList<BankImport>
        label="取り込み履歴"
        useData={useImportsPage}
        sortable={[]}
        columns={IMPORT_COLUMNS}
        rowTestId="import-row"
        // the list polls while a large file is stored: no overlay for that
        loadingOverlay={false}
        minWidth={760}
        tableProps={{ striped: true }}
        top={() => (
          <Title order={4} p="md" pb={0}>
            取り込み履歴
          </Title>
        )}
        empty={{ title: 'まだ明細を取り込んでいません' }}
      />
    </Stack>
  );
}
