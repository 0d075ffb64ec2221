import { useRef } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ACCEPT } from '../../media/video-file-rules';

/** The keyboard's way in: a button that opens the system's file picker (the input stays hidden). */
export function ChooseVideosButton({ onFiles, disabled, variant = 'primary' }: { onFiles: (files: File[]) => void; disabled: boolean; variant?: 'primary' | 'secondary' }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} unavailable={disabled} onClick={() => input.current?.click()}>
        <Icon name="upload" size={16} />
        Choose videos
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="choose-videos-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Reset, so choosing the same file again still fires change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
