import { Box } from '@mantine/core';

/**
 * One character per box, as on the printed form: amounts in 11 boxes (a thicker rule every three digits
 * from the right), 法人番号 in 13. `label` names the group for screen readers (the value as text).
 */
export function DigitBoxes({ chars, label, groups = true }: { chars: string[]; label: string; groups?: boolean }) {
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid="digit-boxes"
      style={{ display: 'inline-flex', border: '1px solid var(--tr-rule)', background: 'white' }}
    >
      {chars.map((c, i) => {
        const fromRight = chars.length - i;
        const thick = groups && i > 0 && fromRight % 3 === 0;
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
            key={i}
            data-box
            style={{
              width: 17,
              height: 22,
              lineHeight: '22px',
              textAlign: 'center',
              fontWeight: 700,
              fontSize: 13,
              fontVariantNumeric: 'tabular-nums',
              borderLeft: i === 0 ? 'none' : `${thick ? 2 : 1}px solid var(--tr-rule)`,
            }}
          >
            {c}
          </Box>
        );
      })}
    </Box>
  );
}
