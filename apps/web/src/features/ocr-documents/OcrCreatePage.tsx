import { Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ocrResultPath } from './labels';
import { OcrUploadBox } from './OcrUploadBox';

/** /company/ocr-documents/create: the upload alone (one file → its result page once read; several → the list). */
export default function OcrCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="OCR書類のアップロード"
        description="請求書・領収書の画像またはPDFを選ぶか、スマートフォンのカメラで撮影してください。"
        actions={
          <Button component={Link} to="/company/ocr-documents" variant="default">
            一覧へ戻る
          </Button>
        }
      />
      <Stack maw={720}>
        <OcrUploadBox
          onUploaded={(docs) => navigate(docs.length === 1 ? ocrResultPath(docs[0].id) : '/company/ocr-documents')}
        />
      </Stack>
    </>
  );
}
