/** The signed documents as a table (a list of cards on narrow screens): title, type, size, signed date, Download. */
import { signedDocumentPath, type SignedDocument } from '../../../shared/documents.ts';
import { messages } from '../../../shared/messages.ts';
import { DownloadButton } from '../../ui/download-button/DownloadButton.tsx';
import { formatFileSize, formatLongDate } from '../../ui/format.ts';

const text = messages.downloadsPage;

/** A file name for the browser when the answer names none: the title, in characters every system takes. */
const fileNameOf = (title: string) => `${title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'document'}.pdf`;

export function DocumentTable({ documents }: { documents: readonly SignedDocument[] }) {
  return (
    <table className="downloads__table">
      <thead>
        <tr>
          <th scope="col">{text.columns.title}</th>
          <th scope="col">{text.columns.type}</th>
          <th scope="col">{text.columns.size}</th>
          <th scope="col">{text.columns.signedAt}</th>
          <th scope="col">
            <span className="visually-hidden">{text.columns.action}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {documents.map((doc) => (
          <tr key={doc.id} data-document={doc.section}>
            <th scope="row" className="downloads__title">
              {doc.title}
            </th>
            <td data-label={text.columns.type}>{text.typePdf}</td>
            <td data-label={text.columns.size}>{formatFileSize(doc.size)}</td>
            <td data-label={text.columns.signedAt}>{formatLongDate(doc.signedAt)}</td>
            <td className="downloads__action">
              <DownloadButton path={signedDocumentPath(doc.id)} fileName={fileNameOf(doc.title)} label={doc.title} words="signedDocument" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
