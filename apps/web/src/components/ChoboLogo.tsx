/** The default Chobo（帳簿）logo: a ledger mark with the product name. */
export function ChoboLogo({ height = 36, withText = true }: { height?: number; withText?: boolean }) {
  const width = withText ? height * 3.6 : height;
  return (
    <svg
      width={width}
      height={height}
      viewBox={withText ? '0 0 144 40' : '0 0 40 40'}
      role="img"
      aria-label="Chobo（帳簿）"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="2" y="2" width="36" height="36" rx="8" fill="#1f4e8c" />
      <path d="M11 9h14l5 5v17H11z" fill="#fff" />
      <path d="M25 9v5h5" fill="#c9d6ea" />
      <path d="M15 18h11M15 22.5h11M15 27h7" stroke="#1f4e8c" strokeWidth="2.2" strokeLinecap="round" />
      {withText && (
        <>
          <text
            x="46"
            y="22"
            fontFamily="system-ui, -apple-system, 'Segoe UI', sans-serif"
            fontSize="17"
            fontWeight="700"
            fill="#1f2328"
          >
            Chobo
          </text>
          <text
            x="46"
            y="35"
            fontFamily="'Hiragino Sans', 'Noto Sans JP', 'Yu Gothic', sans-serif"
            fontSize="10"
            fill="#5c6670"
            letterSpacing="2"
          >
            帳簿
          </text>
        </>
      )}
    </svg>
  );
}
