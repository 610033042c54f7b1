// What a browser would fetch for a <picture>: every URL of its sources' srcset, each of which the
// real API server must answer with an image of the named format and of the width the srcset says.
export async function expectVariantsServed(img: Element, origin: string, expectedWidths: number[]) {
  const picture = img.parentElement;
  expect(picture?.tagName).toBe('PICTURE');
  const sources = [...picture!.querySelectorAll('source')];
  expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  for (const source of sources) {
    const candidates = source.getAttribute('srcset')!.split(', ').map((entry) => entry.split(' '));
    expect(candidates.map(([, width]) => Number.parseInt(width!, 10))).toEqual(expectedWidths);
    for (const [url] of candidates) {
      const answer = await fetch(`${origin}${url}`);
      expect({ url, status: answer.status, type: answer.headers.get('content-type') }).toEqual({
        url,
        status: 200,
        type: source.getAttribute('type'),
      });
      await answer.arrayBuffer();
    }
  }
}
