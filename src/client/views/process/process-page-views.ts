/**
 * What the signed-in area shows for each of its pages: the heading, and for a step whose page is a chart of its own
 * (machines/process/process.pages.ts) the view that renders that chart, with the page's own words for while its chart
 * loads and for a load that failed (the words its view uses for its own load). Pages without a view yet show
 * StepNotAvailable. A new page is one entry here.
 */
import type { ComponentType } from 'react';
import type { PageActorRef, PageStep } from '../../../../machines/process/process.pages.ts';
import type { ProcessPageId } from '../../../../machines/process/process.routes.ts';
import { messages } from '../../../shared/messages.ts';
import { LazyAgreementsPage } from '../agreements/LazyAgreementsPage.tsx';
import { DisclosurePage } from '../disclosure/DisclosurePage.tsx';
import { LazyDownloadsPage } from '../downloads/LazyDownloadsPage.tsx';
import { KycPage } from '../kyc/KycPage.tsx';

type ProcessPageViews = { [P in ProcessPageId]: { heading: string } } & {
  [S in PageStep]: { View: ComponentType<{ actor: PageActorRef<S> }>; loadingDetail: string; loadFailed: string; retry: string };
};

function wordsOf(loadingDetail: string, { loadFailed, retry }: { loadFailed: string; retry: string }) {
  return { loadingDetail, loadFailed, retry };
}

export const PROCESS_PAGE_VIEWS: ProcessPageViews = {
  disclosure: { heading: 'Disclosure Review', View: DisclosurePage, ...wordsOf(messages.disclosure.loadingDetail, messages.disclosure) },
  kyc: { heading: 'KYC Verification', View: KycPage, ...wordsOf(messages.kyc.loading, messages.kyc) },
  agreements: {
    heading: 'Legal Agreements',
    View: LazyAgreementsPage,
    ...wordsOf(messages.agreementsPage.loadingDetail, { loadFailed: messages.legal.loadFailed, retry: messages.legal.refreshPage }),
  },
  payment: { heading: 'Payment Processing' },
  complete: { heading: 'Investment Complete' },
  downloads: {
    heading: 'Signed Documents',
    View: LazyDownloadsPage,
    ...wordsOf(messages.downloadsPage.loadingDetail, { loadFailed: messages.downloadsPage.loadFailed, retry: messages.downloadsPage.tryAgain }),
  },
};
