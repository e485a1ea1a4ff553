// PLACEHOLDER: replaced by the feature's real page.
export function SearchPage() {
  return <h1>Search</h1>;
}
