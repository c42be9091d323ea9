/** The stored files of a step, each with its download button. */
import type { KycFile } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { DownloadButton } from '../../ui/download-button/DownloadButton.tsx';
import { formatFileSize, formatLongDate } from '../../ui/format.ts';

export function FileList({ files }: { files: KycFile[] }) {
  if (files.length === 0) return <p className="kyc-files__none">{messages.kyc.noFiles}</p>;
  return (
    <ul className="kyc-files">
      {files.map((file) => (
        <li key={file.fileName} className="kyc-files__item">
          <span className="kyc-files__name">{file.originalName}</span>
          <span className="kyc-files__meta">
            {file.fileType.replace('image/', '').replace('application/', '').toUpperCase()} · {formatFileSize(file.fileSize)} · {formatLongDate(file.uploadedAt)}
          </span>
          <DownloadButton path={file.filePath} fileName={file.originalName} label={file.originalName} />
        </li>
      ))}
    </ul>
  );
}
