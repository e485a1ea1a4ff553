// PLACEHOLDER: replaced by the feature's real page.
export function VideoPage() {
  return <h1>Video</h1>;
}
