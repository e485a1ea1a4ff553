// PLACEHOLDER: replaced by the feature's real page.
export function AboutPage() {
  return <h1>About</h1>;
}
