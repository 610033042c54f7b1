// Placeholder until the public-site issue builds this page.
export function ProjectPage() {
  return <h1>ProjectPage</h1>;
}
