import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table cell's text: size sm and the given props (e.g. `{ fw: 600, lineClamp: 2 }`). */
export function cell(value: ReactNode, props: TextProps = {}) {
  return (
    <Text size="sm" {...props}>
      {value}
    </Text>
  );
}
