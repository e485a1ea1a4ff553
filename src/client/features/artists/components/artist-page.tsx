// PLACEHOLDER: replaced by the feature's real page.
export function ArtistPage() {
  return <h1>Artist</h1>;
}
