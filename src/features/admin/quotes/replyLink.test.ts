import { replyLink } from './replyLink';

const subject = 'Votre demande de soumission';

test('a plain address gives a reply to it with the subject', () => {
  expect(replyLink('paul@exemple.ca', subject)).toBe('mailto:paul@exemple.ca?subject=Votre%20demande%20de%20soumission');
});

test('an address with a query (stored before the rule) gives no link: no hidden Bcc, no body', () => {
  expect(replyLink('client@exemple.ca?bcc=espion%40exemple.com&body=x', subject)).toBe('');
  expect(replyLink('client@exemple.ca&cc=x@y.ca', subject)).toBe('');
  expect(replyLink('', subject)).toBe('');
});

test('the characters an address may hold before the @ are encoded, never read as the link’s own', () => {
  const link = replyLink("o'brien+devis?x=1&y%2@exemple.ca", subject);
  expect(link).toBe("mailto:o'brien%2Bdevis%3Fx%3D1%26y%252@exemple.ca?subject=Votre%20demande%20de%20soumission");
  expect(new URL(link).search).toBe('?subject=Votre%20demande%20de%20soumission');
});
