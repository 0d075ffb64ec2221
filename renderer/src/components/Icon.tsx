/** Line icons drawn on a 20-px grid; decorative, so hidden from assistive technology. */
import type { ReactNode } from 'react';

const PATHS = {
  queue: (
    <>
      <path d="M4 5.5h12M4 10h12M4 14.5h7" />
      <path d="M14.5 12.5v5M12.5 15l2-2 2 2" />
    </>
  ),
  photos: (
    <>
      <rect x="3" y="4" width="14" height="12" rx="2" />
      <circle cx="7.5" cy="8.5" r="1.25" />
      <path d="m3.5 14 4-3.5 3 2.5 2.5-2 3.5 3" />
    </>
  ),
  research: (
    <>
      <circle cx="8.75" cy="8.75" r="4.75" />
      <path d="m12.25 12.25 4.25 4.25" />
    </>
  ),
  store: (
    <>
      <path d="M4.5 7h11l-.8 9.1a1 1 0 0 1-1 .9H6.3a1 1 0 0 1-1-.9z" />
      <path d="M7.5 9V6a2.5 2.5 0 0 1 5 0v3" />
    </>
  ),
  accounts: (
    <>
      <circle cx="10" cy="7" r="3" />
      <path d="M4 16.5c.8-2.7 3.1-4.5 6-4.5s5.2 1.8 6 4.5" />
    </>
  ),
  settings: (
    <>
      <path d="M4 6h7M15 6h1M4 14h1M9 14h7" />
      <circle cx="13" cy="6" r="2" />
      <circle cx="7" cy="14" r="2" />
    </>
  ),
  check: <path d="m4.5 10.5 3.5 3.5 7.5-8" />,
  alert: (
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6.5v4.5M10 13.5v.01" />
    </>
  ),
  external: (
    <>
      <path d="M11 4h5v5M16 4l-7 7" />
      <path d="M14 12v3a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3" />
    </>
  ),
  unplugged: (
    <>
      <path d="M7 3v3M13 3v3M5.5 6h9v3a4.5 4.5 0 0 1-9 0zM10 13.5V17" />
      <path d="m3 3 14 14" />
    </>
  ),
  plus: <path d="M10 4.5v11M4.5 10h11" />,
  pause: <path d="M7.5 5v10M12.5 5v10" />,
  play: <path d="M6.5 4.75v10.5L15 10z" />,
  close: <path d="m5.5 5.5 9 9M14.5 5.5l-9 9" />,
  retry: (
    <>
      <path d="M15.5 10a5.5 5.5 0 1 1-1.6-3.9" />
      <path d="M15.5 4v3.5H12" />
    </>
  ),
  trash: (
    <>
      <path d="M4.5 6h11M8 6V4.5h4V6M6 6l.7 9.6a1 1 0 0 0 1 .9h4.6a1 1 0 0 0 1-.9L14 6" />
    </>
  ),
  'arrow-up': <path d="M10 15.5v-11M5.5 9 10 4.5 14.5 9" />,
  'arrow-down': <path d="M10 4.5v11M5.5 11l4.5 4.5 4.5-4.5" />,
  film: (
    <>
      <rect x="3" y="4.5" width="14" height="11" rx="2" />
      <path d="m8.5 7.75 4 2.25-4 2.25z" />
    </>
  ),
  upload: (
    <>
      <path d="M10 13V3.5M6 7.5l4-4 4 4" />
      <path d="M3.5 12.5v2a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2v-2" />
    </>
  ),
  lock: (
    <>
      <rect x="4.5" y="9" width="11" height="8" rx="1.5" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" />
    </>
  ),
  info: (
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 9v4.5M10 6.5v.01" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

/** Icons that point a way along the line of text: mirrored right to left (components.css). Media controls (play) and clocks (retry) keep their direction, as people expect. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(['external']);

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg className={DIRECTIONAL.has(name) ? 'icon icon--directional' : 'icon'} width={size} height={size} viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {PATHS[name]}
    </svg>
  );
}
