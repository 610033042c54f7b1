// Placeholder until the public-site issue builds this page.
export function AboutPage() {
  return <h1>AboutPage</h1>;
}
