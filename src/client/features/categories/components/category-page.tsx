// PLACEHOLDER: replaced by the feature's real page.
export function CategoryPage() {
  return <h1>Category</h1>;
}
