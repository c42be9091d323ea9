import { shellMessages } from '../../shared/messages/shell.ts';

/**
 * The portal's mark and name as the investor pages' header shows them. A link home (`href`) where the page is not the
 * app itself (/verify has no session to route through); inside the app the brand is not a link.
 */
export function BrandMark({ href, className }: { href?: string; className?: string }) {
  const content = (
    <>
      <span className="header__logo" aria-hidden="true">G2G</span>
      <span className="header__names">
        <span className="header__name">{shellMessages.productName}</span>
        <span className="header__subtitle">{shellMessages.productSubtitle}</span>
      </span>
    </>
  );
  const classes = className ? `header__brand ${className}` : 'header__brand';
  return href ? (
    <a className={classes} href={href}>
      {content}
    </a>
  ) : (
    <div className={classes}>{content}</div>
  );
}
