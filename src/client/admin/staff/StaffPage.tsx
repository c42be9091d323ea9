/**
 * The staff page (issue 15, issuer admins): who has access, with which roles; invite, change roles, disable, reset.
 * The staff chart (machines/admin/staff-management) holds the list, the forms and what is being sent.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectError, selectList, selectLoadFailed, selectNotice, selectBusy } from '../../../../machines/admin/staff-management/staff-management.selectors.ts';
import type { SignedInStaff } from '../../../shared/admin/sign-in.ts';
import type { AdminApi } from '../admin-api.ts';
import { InviteForm } from './InviteForm.tsx';
import { MemberRow } from './MemberRow.tsx';
import { provideStaffManagement } from './staff-effects.ts';
import './staff.css';

/** Rendered by the shell with AdminPageProps (this page uses `api` and `staff`); it imports nothing of the registry. */
export default function StaffPage({ api, staff }: { api: AdminApi; staff: Pick<SignedInStaff, 'id'> }) {
  const machine = useMemo(() => provideStaffManagement(api), [api]);
  const actor = useActorRef(machine);
  const list = useSelector(actor, selectList);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectBusy);
  const failed = useSelector(actor, selectLoadFailed);
  return (
    <section className="staff" aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      <p className="staff__lead">Who can use the back-office, and in which roles. Every change is recorded in the audit trail.</p>
      {notice && (
        <p className="staff__notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="staff__error" role="alert">
          {error}
        </p>
      )}
      {failed && (
        <button type="button" onClick={() => actor.send({ type: 'staff.retry' })}>
          Try again
        </button>
      )}
      <InviteForm actor={actor} />
      {list && (
        <>
          <h2 className="staff__count">{list.total === 1 ? '1 staff member' : `${list.total} staff members`}</h2>
          <ul className="staff__list">
            {list.items.map((member) => (
              <MemberRow key={member.id} actor={actor} member={member} self={member.id === staff.id} />
            ))}
          </ul>
          {list.total > list.limit && (
            <div className="staff__pages">
              <button type="button" className="staff__secondary" disabled={busy || list.offset === 0} onClick={() => actor.send({ type: 'staff.page', offset: list.offset - list.limit })}>
                Previous
              </button>
              <span>
                {list.offset + 1}–{Math.min(list.offset + list.limit, list.total)} of {list.total}
              </span>
              <button type="button" className="staff__secondary" disabled={busy || list.offset + list.limit >= list.total} onClick={() => actor.send({ type: 'staff.page', offset: list.offset + list.limit })}>
                Next
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
