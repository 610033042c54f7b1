// Placeholder until the public-site issue builds this page.
export function WelcomePage() {
  return <h1>WelcomePage</h1>;
}
