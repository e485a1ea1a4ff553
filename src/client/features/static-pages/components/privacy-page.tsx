// PLACEHOLDER: replaced by the feature's real page.
export function PrivacyPage() {
  return <h1>Privacy Policy</h1>;
}
