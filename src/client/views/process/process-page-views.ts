/**
 * What the signed-in area shows for each of its pages: the heading, and for a step whose page is a chart of its own
 * (machines/process/process.pages.ts) the view that renders that chart (loaded in a chunk of its own when the page is
 * first shown, see page-view.ts), with the page's own words for while its chart and view load and for a load that
 * failed (the words its view uses for its own load). A new page is one entry here.
 */
import type { PageActorRef, PageStep } from '../../../../machines/process/process.pages.ts';
import type { ProcessPageId } from '../../../../machines/process/process.routes.ts';
import { messages } from '../../../shared/messages.ts';
import { investmentStatusWords } from '../../../shared/messages/investment-status-page.ts';
import { pageView, type PageView } from './page-view.ts';

/** A page that is a chart of its own: its view, and its words while chart and view load and when that failed. */
export type PageChartViewEntry<S extends PageStep> = { view: PageView<{ actor: PageActorRef<S> }>; loadingDetail: string; loadFailed: string; retry: string };

type ProcessPageViews = { [P in ProcessPageId]: { heading: string } } & { [S in PageStep]: PageChartViewEntry<S> };

function wordsOf(loadingDetail: string, { loadFailed, retry }: { loadFailed: string; retry: string }) {
  return { loadingDetail, loadFailed, retry };
}

export const PROCESS_PAGE_VIEWS: ProcessPageViews = {
  disclosure: { heading: 'Disclosure Review', view: pageView(() => import('../disclosure/DisclosurePage.tsx').then((m) => m.DisclosurePage)), ...wordsOf(messages.disclosure.loadingDetail, messages.disclosure) },
  kyc: { heading: 'KYC Verification', view: pageView(() => import('../kyc/KycPage.tsx').then((m) => m.KycPage)), ...wordsOf(messages.kyc.loading, messages.kyc) },
  agreements: {
    heading: 'Legal Agreements',
    // The signature pad and the document viewer load in chunks of their own after this one.
    view: pageView(() => import('../agreements/AgreementsPage.tsx').then((m) => m.AgreementsPage)),
    ...wordsOf(messages.agreementsPage.loadingDetail, { loadFailed: messages.legal.loadFailed, retry: messages.legal.refreshPage }),
  },
  payment: {
    heading: 'Payment Processing',
    view: pageView(() => import('../payment/PaymentPage.tsx').then((m) => m.PaymentPage)),
    ...wordsOf(messages.payment.loadingDetail, { loadFailed: messages.payment.initFailed, retry: messages.payment.retry }),
  },
  complete: {
    heading: 'Investment Complete',
    view: pageView(() => import('../complete/CompletePage.tsx').then((m) => m.CompletePage)),
    ...wordsOf(investmentStatusWords.loading, { loadFailed: investmentStatusWords.loadFailed, retry: investmentStatusWords.tryAgain }),
  },
  downloads: {
    heading: 'Signed Documents',
    view: pageView(() => import('../downloads/DownloadsPage.tsx').then((m) => m.DownloadsPage)),
    ...wordsOf(messages.downloadsPage.loadingDetail, { loadFailed: messages.downloadsPage.loadFailed, retry: messages.downloadsPage.tryAgain }),
  },
};
