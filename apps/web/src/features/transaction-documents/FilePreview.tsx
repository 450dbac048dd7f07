import type { DocumentFile } from '@chobo/core';
import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileOff } from '@tabler/icons-react';
import { useFileLinkUrl } from './api';
import { EInvoicePreview } from './EInvoicePreview';

/** The file shown inline: a PDF in a frame, an image as an image, an e-invoice read, from its signed address. */
export function FilePreview({ documentId, file }: { documentId: number; file: DocumentFile | null }) {
  const link = useFileLinkUrl(documentId, file && !file.deleted_at ? file.id : null);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const height = narrow ? 420 : 620;
  if (!file || file.deleted_at) {
    return (
      <Center h={200} bg="gray.0" style={{ borderRadius: 8 }}>
        <Stack align="center" gap={4}>
          <IconFileOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            表示できるファイルがありません
          </Text>
        </Stack>
      </Center>
    );
  }
  if (link.isError) {
    return (
      <Center h={200} bg="gray.0" style={{ borderRadius: 8 }}>
        <Text size="sm" c="red">
          プレビューを読み込めませんでした：{link.error.message}
        </Text>
      </Center>
    );
  }
  if (!link.data) {
    return (
      <Center h={height} bg="gray.0" style={{ borderRadius: 8 }} aria-busy>
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Box
      data-testid="file-preview"
      style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      {file.content_type === 'application/xml' ? (
        <EInvoicePreview url={link.data} height={height} />
      ) : file.content_type === 'application/pdf' ? (
        <iframe
          // fit the page's width in the viewer
          src={`${link.data}#view=FitH`}
          title={`プレビュー: ${file.file_name}`}
          style={{ width: '100%', height, border: 0, display: 'block' }}
        />
      ) : (
        <Box bg="gray.0" p="xs" style={{ maxHeight: height, overflow: 'auto' }}>
          <img
            src={link.data}
            alt={`プレビュー: ${file.file_name}`}
            style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
          />
        </Box>
      )}
    </Box>
  );
}
