// The « Répondre par courriel » link of a quote request: built only from an address that passes the
// contract's rule (openapi.yaml QuoteRequest.Email, the site settings' rule), each part encoded, so
// that nothing stored before that rule (`client@exemple.ca?bcc=…`) can add a recipient, a header or
// a body to the reply.
import { publicLimits } from '../../../../contract/publicLimits';

const ADDRESS = new RegExp(publicLimits.QuoteRequest.Email.pattern);

/** `mailto:` the address with `subject`, or '' when the address is empty or not an e-mail address. */
export function replyLink(address: string, subject: string): string {
  if (address === '' || !ADDRESS.test(address)) return '';
  const at = address.lastIndexOf('@');
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}?subject=${encodeURIComponent(subject)}`;
}
