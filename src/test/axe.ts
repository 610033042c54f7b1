// axe-core over the rendered document. Colour contrast needs real layout and CSS, which jsdom
// has not: the browser screenshots and the end-to-end run check it.
import axe from 'axe-core';

export async function axeViolations(context: Element | Document = document) {
  const results = await axe.run(context, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.html),
  }));
}
