import { useLocation, useNavigate } from 'react-router';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveDocument } from './api';
import { DocumentForm } from './DocumentForm';
import { FileDropArea, UploadList, useUploadQueue } from './FileUpload';
import { listPathFrom, toFormValues } from './form-values';
import { documentEditPath } from './labels';

/** /company/transaction-documents/create — the record, then its files (each file a version). */
export default function TransactionDocumentCreatePage() {
  const navigate = useNavigate();
  const save = useSaveDocument(null);
  const queue = useUploadQueue();
  const backTo = listPathFrom(useLocation().state);
  return (
    <>
      <PageHeader
        title="発注取引の登録"
        description="* は必須項目です。請求書・領収書は保存すると仕入の仕訳が自動で登録されます。"
      />
      <DocumentForm
        defaultValues={toFormValues(null)}
        backTo={backTo}
        submitLabel={queue.items.length ? `登録してファイルをアップロード（${queue.items.length}件）` : '登録する'}
        autoTax
        files={
          <FormSection
            title="書類ファイル"
            description="受け取った請求書・領収書などのPDFや画像。保存後も新しい版を追加できます（上書きはされません）。"
          >
            <FileDropArea queue={queue} />
            <UploadList queue={queue} />
          </FormSection>
        }
        onSubmit={async (values) => {
          const doc = await save.mutateAsync(values);
          const failed = await queue.uploadAll(doc.id);
          if (failed.length > 0) {
            // the record exists: go on from its edit page (saving here again would register it twice)
            notifyError(
              `発注取引は登録しましたが、${failed.length}件のファイルを保存できませんでした（${failed.join('／')}）。編集画面からもう一度アップロードしてください。`,
            );
            navigate(documentEditPath(doc.id), { replace: true });
            return;
          }
          notifySuccess('発注取引を登録しました');
          navigate(backTo);
        }}
      />
    </>
  );
}
