// PLACEHOLDER: replaced by the feature's real page.
export function ArtistsPage() {
  return <h1>Artists</h1>;
}
