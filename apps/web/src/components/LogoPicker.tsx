import { FileInput, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** A logo's preview (or 「まだ登録されていません」) above the PNG/JPEG file input that replaces it. */
export function LogoPicker({
  preview,
  file,
  onChoose,
}: {
  preview: string | null | undefined;
  file: File | null;
  onChoose: (file: File | null) => void;
}) {
  return (
    <>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Stack align="center" gap={4}>
          {preview ? (
            <Image src={preview} alt="ロゴのプレビュー" mah={96} maw={240} fit="contain" />
          ) : (
            <>
              <IconPhoto size={40} stroke={1.2} />
              <Text size="sm" c="dimmed">
                ロゴはまだ登録されていません
              </Text>
            </>
          )}
        </Stack>
      </Paper>
      <FileInput
        label="画像ファイル"
        placeholder="PNG または JPEG を選択"
        accept="image/png,image/jpeg"
        value={file}
        onChange={onChoose}
        clearable
      />
    </>
  );
}
