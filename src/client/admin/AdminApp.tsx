/** The back-office's root: sign-in, then the pages of ADMIN_PAGES the staff member's roles show. */
export function AdminApp() {
  return (
    <main>
      <h1>G2G Back-office</h1>
    </main>
  );
}
