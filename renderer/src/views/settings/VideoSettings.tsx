import { useIntl } from 'react-intl';
import type { VideoFixMode } from '../../api/contract';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ChoiceGroup, type Choice } from '../../components/Field';
import { SaveStatus } from '../../components/SaveStatus';
import { saveSettings } from '../../state/settings';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

const toMode = (videos: { fix: VideoFixMode }) => videos.fix;
const same = (a: VideoFixMode, b: VideoFixMode) => a === b;

/**
 * The default for a video the platform would refuse that the app can fix (settings `videos.fix`):
 * fix it, ask in its row, or send it as it is. Applies on choice, like the theme.
 */
export function VideoSettings({ stored }: { stored: { fix: VideoFixMode } }) {
  const intl = useIntl();
  const mode = useSectionDraft(stored, toMode, same);
  const choices: readonly Choice<VideoFixMode>[] = [
    { value: 'auto', label: intl.formatMessage({ id: 'video.settings.fix.auto' }) },
    { value: 'ask', label: intl.formatMessage({ id: 'video.settings.fix.ask' }) },
    { value: 'never', label: intl.formatMessage({ id: 'video.settings.fix.never' }) },
  ];

  function choose(next: VideoFixMode) {
    mode.edit(next);
    void mode.run(async () => (await saveSettings({ videos: { fix: next } })).videos.fix, 'revert');
  }

  return (
    <SettingsSection title={intl.formatMessage({ id: 'video.settings.title' })} description={intl.formatMessage({ id: 'video.settings.description' })}>
      <div className="form">
        <div className="form__inline">
          <ChoiceGroup legend={intl.formatMessage({ id: 'video.settings.fix' })} name="video-fix" look="segmented" choices={choices} value={mode.draft} onChange={choose} />
          <SaveStatus saved={mode.saved && mode.draft === stored.fix} />
        </div>
        {mode.error ? <ErrorBanner title={intl.formatMessage({ id: 'video.settings.fix.saveFailed' })} error={mode.error} /> : null}
      </div>
    </SettingsSection>
  );
}
