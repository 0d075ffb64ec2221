/**
 * Which section is on screen. The URL hash (#/queue) is the source of truth, so a reload keeps
 * the page and the browser's back and forward buttons move between sections.
 */
import { create } from 'zustand';

export const SECTIONS = [
  { id: 'queue', label: 'Queue' },
  { id: 'photos', label: 'Photos' },
  { id: 'research', label: 'Research' },
  { id: 'store', label: 'Store' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'settings', label: 'Settings' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

const DEFAULT_SECTION: SectionId = 'queue';

export function hashFor(section: SectionId): string {
  return `#/${section}`;
}

export function sectionFromHash(hash: string): SectionId | null {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return SECTIONS.find((section) => section.id === id)?.id ?? null;
}

export function sectionLabel(section: SectionId): string {
  return SECTIONS.find((candidate) => candidate.id === section)?.label ?? section;
}

interface NavigationState {
  section: SectionId;
}

export const useNavigation = create<NavigationState>()(() => ({
  section: sectionFromHash(window.location.hash) ?? DEFAULT_SECTION,
}));

/** Goes to a section as a link would: one history entry, so Back returns. */
export function navigate(section: SectionId): void {
  if (window.location.hash !== hashFor(section)) window.location.hash = hashFor(section);
  useNavigation.setState({ section });
}

/** Follows the hash from now on; an empty or unknown hash becomes the default section in place. */
export function startHashSync(): () => void {
  const follow = () => {
    const section = sectionFromHash(window.location.hash);
    if (section === null) {
      window.history.replaceState(window.history.state, '', hashFor(DEFAULT_SECTION));
      useNavigation.setState({ section: DEFAULT_SECTION });
      return;
    }
    useNavigation.setState({ section });
  };
  follow();
  window.addEventListener('hashchange', follow);
  return () => window.removeEventListener('hashchange', follow);
}
