/**
 * A download button (spec "Download button": Downloading, Downloaded, Failed; back after 2 s or 3 s). Its state is
 * the download machine's, as the app provides it (DownloadProvider: the app's token, its sign-out on a 401); the
 * browser saves the file.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { DownloadWords } from '../../../../machines/download/download.types.ts';
import { selectDownloadError, selectDownloadPhase } from '../../../../machines/download/download.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../form/index.ts';
import { useDownloadMachine } from './download-context.tsx';

const LABELS = messages.download;

type DownloadButtonProps = { path: string | null; fileName?: string; label?: string; words?: DownloadWords };

export function DownloadButton({ path, fileName, label, words }: DownloadButtonProps) {
  const machine = useDownloadMachine();
  const actor = useActorRef(machine, { input: { path, fileName, words } });
  const phase = useSelector(actor, selectDownloadPhase);
  const error = useSelector(actor, selectDownloadError);
  return (
    <span className="download-button">
      <Button
        variant="secondary"
        busy={phase === 'downloading'}
        busyLabel={LABELS.downloading}
        aria-label={label ? `${LABELS[phase]}: ${label}` : undefined}
        onClick={() => actor.send({ type: 'download.start' })}
      >
        {LABELS[phase]}
      </Button>
      {error ? (
        <span className="download-button__error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
