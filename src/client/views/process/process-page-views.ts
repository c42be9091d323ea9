/**
 * What the signed-in area shows for each of its pages: the heading, and for a step whose page is a chart of its own
 * (machines/process/process.pages.ts) the view that renders that chart. Pages without a view yet show
 * StepNotAvailable. A new page is one entry here.
 */
import type { ComponentType } from 'react';
import type { PageActorRef, PageStep } from '../../../../machines/process/process.pages.ts';
import type { ProcessPageId } from '../../../../machines/process/process.routes.ts';
import { LazyAgreementsPage } from '../agreements/LazyAgreementsPage.tsx';
import { DisclosurePage } from '../disclosure/DisclosurePage.tsx';
import { LazyDownloadsPage } from '../downloads/LazyDownloadsPage.tsx';
import { KycPage } from '../kyc/KycPage.tsx';

type ProcessPageViews = { [P in ProcessPageId]: { heading: string } } & {
  [S in PageStep]: { View: ComponentType<{ actor: PageActorRef<S> }> };
};

export const PROCESS_PAGE_VIEWS: ProcessPageViews = {
  disclosure: { heading: 'Disclosure Review', View: DisclosurePage },
  kyc: { heading: 'KYC Verification', View: KycPage },
  agreements: { heading: 'Legal Agreements', View: LazyAgreementsPage },
  payment: { heading: 'Payment Processing' },
  complete: { heading: 'Investment Complete' },
  downloads: { heading: 'Signed Documents', View: LazyDownloadsPage },
};
