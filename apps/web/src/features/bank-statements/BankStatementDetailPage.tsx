import type { BankRow, BankRuleOffer } from '@chobo/core';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { useImportDetail } from './api';
import { type Failure, Failures, RevertDialog, RowEditDialog } from './DetailDialogs';
import { type ConfirmOutcome, DetailRows, useDetailRows } from './DetailRows';
import { DETAIL_TITLE, DetailHeader, DetailSummary, ImportState } from './DetailSummary';
import { detailParams } from './detail-rows';
import { RuleOffers } from './RuleOffers';

/**
 * /company/bank_statement/:id: one import — its summary and balance check, its rows with their suggestions
 * (confirmed in bulk, changed one by one, or recorded as a payment), and 取り込みを取り消す.
 */
export default function BankStatementDetailPage() {
  const id = Number(useParams().id);
  const rows = useDetailRows();
  // the same query as the rows list's (one request): the header reads the import, the list its rows
  const detail = useImportDetail(id, detailParams(rows.state.params));
  const [editing, setEditing] = useState<BankRow | null>(null);
  const [offers, setOffers] = useState<BankRuleOffer[]>([]);
  const [failed, setFailed] = useState<Failure[]>([]);
  const [askRevert, setAskRevert] = useState(false);
  const onOutcome = (outcome: ConfirmOutcome) => {
    setFailed(outcome.failed);
    if (outcome.offers) setOffers(outcome.offers);
  };

  if (detail.isError) {
    return (
      <Stack>
        <PageHeader title={DETAIL_TITLE} />
        <Alert color="red">{errorMessage(detail.error)}</Alert>
      </Stack>
    );
  }
  const d = detail.data;
  return (
    <Stack gap="lg">
      <DetailHeader detail={d} onRevert={() => setAskRevert(true)} />
      {d && <DetailSummary detail={d} />}
      <ImportState detail={d} />
      <RuleOffers offers={offers} onDone={(o) => setOffers(offers.filter((x) => x !== o))} />
      <Failures failed={failed} />
      {d?.status !== 'processing' && (
        <DetailRows
          importId={id}
          bankAccountId={d?.bank_account_id}
          list={rows}
          onEdit={setEditing}
          onOutcome={onOutcome}
        />
      )}
      <RowEditDialog importId={id} row={editing} onClose={() => setEditing(null)} />
      <RevertDialog importId={id} opened={askRevert} onClose={() => setAskRevert(false)} onFailed={setFailed} />
    </Stack>
  );
}
