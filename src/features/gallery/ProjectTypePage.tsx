// Placeholder until the public-site issue builds this page.
export function ProjectTypePage() {
  return <h1>ProjectTypePage</h1>;
}
