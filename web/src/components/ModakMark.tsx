import { chakra } from "@chakra-ui/react";

/** The shop's mark: a steamed modak on a teal disc (the same drawing as `public/favicon.svg`). */
export function ModakMark({ size = 40 }: { size?: number }) {
  return (
    <chakra.svg viewBox="0 0 64 64" width={`${size}px`} height={`${size}px`} flexShrink={0} aria-hidden="true">
      <circle cx="32" cy="32" r="32" fill="#0f766e" />
      <path d="M32 8C29 17 13 26 13 40c0 10 8 15 19 15s19-5 19-15C51 26 35 17 32 8Z" fill="#fdf3dc" />
      <path
        d="M32 11c-3 12-8 25-11 41M32 11c-1 14-3 28-4 43M32 11c1 14 3 28 4 43M32 11c3 12 8 25 11 41"
        stroke="#d9a441"
        strokeWidth="1.8"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="32" cy="9" r="2.2" fill="#d9a441" />
    </chakra.svg>
  );
}
