import type { OcrBox, OcrDocumentDetail } from '@chobo/core';
import { Box, Skeleton } from '@mantine/core';
import { apiUrl } from '../../lib/api-base';

/** The page image with the focused field's box drawn over it (boxes are in the image's pixels). */
export function PageImage({ d, page, box }: { d: OcrDocumentDetail; page: number; box: OcrBox | null }) {
  const p = d.pages.find((x) => x.page === page) ?? d.pages[0];
  if (!p) return <Skeleton h={480} />;
  const show = box && box.page === p.page;
  return (
    <Box pos="relative" style={{ lineHeight: 0, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
      <img
        src={apiUrl(p.image_url)}
        alt={`${d.file_name} ${p.page}ページ目`}
        style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 6 }}
      />
      {show && (
        <Box
          data-testid="field-highlight"
          pos="absolute"
          style={{
            left: `${(box.x / p.width) * 100}%`,
            top: `${(box.y / p.height) * 100}%`,
            width: `${(box.width / p.width) * 100}%`,
            height: `${(box.height / p.height) * 100}%`,
            border: '2px solid var(--mantine-color-orange-6)',
            background: 'rgba(255, 170, 0, 0.18)',
            borderRadius: 3,
            pointerEvents: 'none',
            transition: 'all 120ms ease',
          }}
        />
      )}
    </Box>
  );
}
