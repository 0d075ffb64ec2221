import { useIntl } from 'react-intl';
import { ChooseFilesButton } from '../../components/ChooseFilesButton';
import { ACCEPT } from '../../media/video-file-rules';

export function ChooseVideosButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const intl = useIntl();
  return (
    <ChooseFilesButton accept={ACCEPT} onFiles={onFiles} disabled={disabled} testId="choose-videos-input">
      {intl.formatMessage({ id: 'queue.chooseVideos' })}
    </ChooseFilesButton>
  );
}
