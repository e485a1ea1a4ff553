export function NotFoundPage() {
  return (
    <main>
      <h1>This page could not be found.</h1>
    </main>
  );
}
