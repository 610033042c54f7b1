// Clients' testimonials (issue 31), as the public pages show them: the client's words as plain
// text (React escapes them; a line break starts a new paragraph), their name, town and the month
// of the work. No stars, no rating. The owner's English text when the page is English.
// A public page reads them with GET /api/testimonial/all/ (published ones for visitors).
import type { TestimonialView } from '../api/api.enhanced';
import { ownText, useLang } from '../lib/lang';
import { paragraphs } from '../lib/site';
import { monthOf } from '../lib/trust';

interface Props {
  items: TestimonialView[] | undefined;
  title: string;
  /** The first ones only (the welcome page's). */
  max?: number;
  className?: string;
}

export function Testimonials({ items, title, max, className = '' }: Props) {
  const { lang, t } = useLang();
  // The published ones only, even for a signed-in administrator (whose read has them all).
  const shown = items?.filter((item) => item.Published).slice(0, max);
  if (!shown || shown.length === 0) return null;
  return (
    <section aria-labelledby="temoignages" className={`testimonials ${className}`}>
      <h2 id="temoignages">{title}</h2>
      <ul>
        {shown.map((item) => {
          const words = ownText(lang, item.Text, item.En?.Text);
          return (
            <li key={item.Id}>
              <figure>
                <blockquote lang={words.lang}>
                  {paragraphs(words.text).map((line, i) => (
                    <p key={i}>{line}</p>
                  ))}
                </blockquote>
                <figcaption>
                  {item.ClientName}, {item.Place} · {monthOf(t.site.trust, item.Month)}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
