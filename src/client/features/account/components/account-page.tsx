// PLACEHOLDER: replaced by the feature's real page.
export function AccountPage() {
  return <h1>Account</h1>;
}
