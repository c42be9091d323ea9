/** The portal's frame: the header banner and labels, the product, the loading and sign-in-required screens. */
export const shellMessages = {
  banner: 'SECURE SESSION ACTIVE | Right-click disabled | Text selection disabled | Activity monitored for compliance',
  labelProgressiveEquity: 'Progressive Equity Acquisition',
  labelQualifiedOnly: 'Qualified Investors Only',
  productName: 'G2G Token Foundation',
  productSubtitle: 'Private Placement Investor Portal',
  supportEmail: 'support@g2g-foundation.example',

  loading: 'Loading...',
  initializingAuth: 'Initializing authentication...',
  authenticationRequired: 'Authentication Required',
  goToLogin: 'Go to Login',
  /** The browser tab's title: the page the session machine shows, then the portal (index.html has the portal alone). */
  portalTitle: 'G2G Investor Portal',
  pageTitle: (page: string) => `${page} · G2G Investor Portal`,
  pageNames: { login: 'Login', register: 'Registration', downloads: 'Signed Documents' },
} as const;
