/**
 * The section list. One Tab stop for the whole list (roving tabindex): Tab reaches the current
 * section, the arrow keys, Home and End move between sections, Enter or Space opens one.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { hashFor, SECTIONS, useNavigation, type SectionId } from '../state/navigation';
import { useSettings } from '../state/settings';
import { Icon } from './Icon';

export function Sidebar() {
  const intl = useIntl();
  const current = useNavigation((state) => state.section);
  const [focused, setFocused] = useState<SectionId | null>(null);
  const links = useRef(new Map<SectionId, HTMLAnchorElement>());
  // The Tab stop is the item last moved to with the arrows, else the current section.
  const tabStop = focused ?? current;

  function moveFocus(event: KeyboardEvent<HTMLElement>) {
    const index = SECTIONS.findIndex((section) => section.id === tabStop);
    const last = SECTIONS.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = SECTIONS[target]!.id;
    setFocused(next);
    links.current.get(next)?.focus();
  }

  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <BrandMark />
        <span className="sidebar__name">{intl.formatMessage({ id: 'shell.appScope' })}</span>
      </div>
      <nav className="sidebar__nav" aria-label={intl.formatMessage({ id: 'shell.sidebar.sections' })}>
        <ul
          className="nav-list"
          onKeyDown={moveFocus}
          onBlur={(event) => {
            // Leaving the list: the next Tab into it lands on the current section again.
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
          }}
        >
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <NavItem
                section={section.id}
                label={intl.formatMessage({ id: section.label })}
                active={section.id === current}
                tabbable={section.id === tabStop}
                register={(element) => {
                  if (element) links.current.set(section.id, element);
                  else links.current.delete(section.id);
                }}
                onFocus={() => setFocused(section.id)}
              />
            </li>
          ))}
        </ul>
      </nav>
      <ActiveProfile />
    </aside>
  );
}

interface NavItemProps {
  section: SectionId;
  label: string;
  active: boolean;
  tabbable: boolean;
  register: (element: HTMLAnchorElement | null) => void;
  onFocus: () => void;
}

function NavItem({ section, label, active, tabbable, register, onFocus }: NavItemProps) {
  return (
    <a
      ref={register}
      href={hashFor(section)}
      className="nav-item"
      aria-current={active ? 'page' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocus}
      onKeyDown={(event) => {
        // Links open on Enter only; a nav of buttons-in-spirit should open on Space too.
        if (event.key === ' ') {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      <Icon name={section} />
      <span>{label}</span>
    </a>
  );
}

/** Which platform the app talks to, so a person always knows where drafts would go. */
function ActiveProfile() {
  const intl = useIntl();
  const profile = useSettings((state) => state.settings?.profile);
  if (!profile) return null;
  // Cut short with an ellipsis in a narrow sidebar: the title holds the whole name.
  const name = profile.kind === 'sandbox' ? intl.formatMessage({ id: 'shell.sidebar.builtinSandbox' }) : profile.name;
  return (
    <p className="sidebar__profile">
      <span className="sidebar__profile-label">{intl.formatMessage({ id: 'shell.sidebar.platform' })}</span>
      <span className="sidebar__profile-name" title={name}>
        {name}
      </span>
    </p>
  );
}

function BrandMark() {
  return (
    <svg className="sidebar__mark" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="14" height="14" rx="3" className="sidebar__mark-back" />
      <rect x="7" y="3" width="14" height="14" rx="3" className="sidebar__mark-front" />
    </svg>
  );
}
