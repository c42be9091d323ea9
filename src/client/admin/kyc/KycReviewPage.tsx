/** The back-office's KYC review (issue 15): the queue at /admin/kyc, a case at /admin/kyc/<userId>. */
import type { KycPageProps } from './kyc-page-props.ts';
import { KycCaseView } from './KycCaseView.tsx';
import { KycQueueView } from './KycQueueView.tsx';
import './kyc-review.css';

export function KycReviewPage(props: KycPageProps) {
  const userId = /^\/([0-9a-fA-F-]{36})\/?$/.exec(props.subPath)?.[1];
  return userId ? <KycCaseView {...props} key={userId} userId={userId} /> : <KycQueueView {...props} />;
}

export default KycReviewPage;
