import {
  BANK_ACCOUNT_TYPES,
  BANK_FORMATS,
  BANK_IMPORT_STATUSES,
  type BankDryRun,
  type BankImport,
  formatJPY,
} from '@chobo/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { bankKeys, uploadStatement, useBankAccounts, useCreateBankAccount, useImports } from './api';
import { RulesCard } from './RulesCard';

const FORMAT_OPTIONS = [
  { value: 'auto', label: '自動判別' },
  ...Object.entries(BANK_FORMATS).map(([value, label]) => ({ value, label })),
];

const statusColor: Record<BankImport['status'], string> = {
  processing: 'blue',
  imported: 'teal',
  failed: 'red',
  reverted: 'gray',
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });

/** A bank account to import into, entered once (the linked 勘定科目 can be created as a 普通預金 sub-account). */
function BankAccountForm() {
  const create = useCreateBankAccount();
  const [v, setV] = useState({
    bank_code: '',
    bank_name: '',
    branch_code: '',
    branch_name: '',
    account_type: '普通',
    account_number: '',
    account_holder: '',
    create_account: true,
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) =>
    setV({ ...v, [k]: e.currentTarget.value });
  const err = (k: string) => errors[k]?.[0];
  const submit = async () => {
    try {
      await create.mutateAsync({ ...v, account_type: v.account_type as '普通' });
      notifySuccess('銀行口座を登録しました');
    } catch (e) {
      setErrors((e as { errors?: Record<string, string[]> }).errors ?? { _: [errorMessage(e)] });
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">明細を取り込む銀行口座を登録してください（請求書に記載する振込先と同じ一覧です）。</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput label="銀行コード" value={v.bank_code} onChange={set('bank_code')} error={err('bank_code')} />
        <TextInput label="銀行名" value={v.bank_name} onChange={set('bank_name')} error={err('bank_name')} />
        <TextInput label="支店コード" value={v.branch_code} onChange={set('branch_code')} error={err('branch_code')} />
        <TextInput label="支店名" value={v.branch_name} onChange={set('branch_name')} error={err('branch_name')} />
        <Select
          label="預金種目"
          data={[...BANK_ACCOUNT_TYPES]}
          value={v.account_type}
          onChange={(x) => setV({ ...v, account_type: x ?? '普通' })}
        />
        <TextInput
          label="口座番号"
          value={v.account_number}
          onChange={set('account_number')}
          error={err('account_number')}
        />
        <TextInput
          label="口座名義（カナ）"
          value={v.account_holder}
          onChange={set('account_holder')}
          error={err('account_holder')}
        />
        <Checkbox
          mt="xl"
          label="普通預金の補助科目を作成して連携する"
          checked={v.create_account}
          onChange={(e) => setV({ ...v, create_account: e.currentTarget.checked })}
        />
      </SimpleGrid>
      {errors._ && <Alert color="red">{errors._[0]}</Alert>}
      <Group>
        <Button onClick={submit} loading={create.isPending}>
          銀行口座を登録
        </Button>
      </Group>
    </Stack>
  );
}

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
  const client = useQueryClient();
  const navigate = useNavigate();
  const [bankId, setBankId] = useState<string | null>(null);
  const [format, setFormat] = useState('auto');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<BankDryRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = accounts.data ?? [];
  const chosen = bankId ?? (list[0] ? String(list[0].id) : null);

  const check = async (f: File | null, b = chosen, fmt = format) => {
    setFile(f);
    setReport(null);
    setError(null);
    if (!f || !b) return;
    setBusy(true);
    try {
      setReport((await uploadStatement(f, { bank_account_id: Number(b), format: fmt }, true)) as BankDryRun);
    } catch (e) {
      setError(errorMessage(e));
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
          <BankAccountForm />
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
                data={FORMAT_OPTIONS}
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
            {report && <DryRunPreview report={report} />}
            <Group>
              <Button
                onClick={run}
                disabled={!report || report.problems.length > 0 || report.new_rows === 0}
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

export default function BankStatementListPage() {
  const imports = useImports();
  return (
    <Stack gap="lg">
      <PageHeader title="銀行の取引明細取り込み" />
      <UploadCard />
      <RulesCard />
      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>取り込み履歴</Title>
          <ScrollArea>
            <Table striped highlightOnHover miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>取り込み日時</Table.Th>
                  <Table.Th>銀行口座</Table.Th>
                  <Table.Th>形式</Table.Th>
                  <Table.Th>期間</Table.Th>
                  <Table.Th ta="right">明細</Table.Th>
                  <Table.Th ta="right">確定</Table.Th>
                  <Table.Th>状態</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(imports.data ?? []).map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/company/bank_statement/${i.id}`}>
                        {dateTime(i.created_at)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {i.file_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{i.bank_account_label}</Table.Td>
                    <Table.Td>{i.format_label}</Table.Td>
                    <Table.Td>
                      {i.period_from}〜{i.period_to}
                    </Table.Td>
                    <Table.Td ta="right">
                      {i.imported_rows}件
                      {i.skipped_rows > 0 && (
                        <Text size="xs" c="dimmed">
                          重複 {i.skipped_rows}件
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{i.confirmed_rows}件</Table.Td>
                    <Table.Td>
                      {i.status === 'processing' ? (
                        <Progress value={i.total_rows ? (100 * i.processed_rows) / i.total_rows : 0} animated w={100} />
                      ) : (
                        <Badge color={statusColor[i.status]}>{BANK_IMPORT_STATUSES[i.status]}</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {imports.isSuccess && imports.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text c="dimmed" ta="center" py="md">
                        まだ明細を取り込んでいません
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      </Card>
    </Stack>
  );
}
