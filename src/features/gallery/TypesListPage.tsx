// Placeholder until the public-site issue builds this page.
export function TypesListPage() {
  return <h1>TypesListPage</h1>;
}
