// Placeholder until the public-site issue builds this page.
export function ContactPage() {
  return <h1>ContactPage</h1>;
}
