/**
 * Which section is on screen. The URL hash (#/queue) is the source of truth, so a reload keeps
 * the page and the browser's back and forward buttons move between sections.
 */
import { create } from 'zustand';
import type { MessageId } from '../i18n';

export const SECTIONS = [
  { id: 'queue', label: 'shell.section.queue' },
  { id: 'photos', label: 'shell.section.photos' },
  { id: 'research', label: 'shell.section.research' },
  { id: 'store', label: 'shell.section.store' },
  { id: 'accounts', label: 'shell.section.accounts' },
  { id: 'settings', label: 'shell.section.settings' },
] as const satisfies readonly { id: string; label: MessageId }[];

export type SectionId = (typeof SECTIONS)[number]['id'];

const DEFAULT_SECTION: SectionId = 'queue';

export function hashFor(section: SectionId): string {
  return `#/${section}`;
}

export function sectionFromHash(hash: string): SectionId | null {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return SECTIONS.find((section) => section.id === id)?.id ?? null;
}

/** The section's name, as a message id. */
export function sectionLabel(section: SectionId): MessageId {
  return SECTIONS.find((candidate) => candidate.id === section)!.label;
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
