/**
 * Videos dropped anywhere on the window go to the queue, as if dropped on the Queue page: to the
 * accounts "Send to" names, or refused with the reason when none can receive drafts. The overlay
 * covers the whole window while files hover. A drop on another page opens the Queue, where the
 * files are seen being added. On Photos, the page's own zone takes photos (this one stands aside).
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { addFiles, refuseFiles } from '../../state/intake';
import { navigate, useNavigation } from '../../state/navigation';
import { DropZone } from './DropZone';
import { targetWords, useUploadTarget } from './use-upload-target';

export function WindowDrop({ className, children }: { className: string; children: ReactNode }) {
  const intl = useIntl();
  const target = useUploadTarget();
  const section = useNavigation((state) => state.section);
  const refuse = (files: File[]) => {
    refuseFiles(files, intl.formatMessage({ id: 'queue.noDestination' }));
    navigate('queue');
  };
  const add = (files: File[]) => {
    if (target.openIds.length === 0) return refuse(files);
    addFiles(files, target.openIds);
    navigate('queue');
  };
  return (
    <DropZone className={className} destination={targetWords(target)} onFiles={add} onRefused={refuse} enabled={section !== 'photos'}>
      {children}
    </DropZone>
  );
}
