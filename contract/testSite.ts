// Site settings of a business other than the demo's (Menuiserie Lavoie), for the tests of
// server and client that must see every field come from what was stored or answered, not from
// the demo: the server's settings test writes them, the client's scripted servers answer them.
// Valid as the contract says (a card's Target is a gallery page); the photos are the client's.
import type { SiteSettings } from './api.ts';

export const testSite: SiteSettings = {
  BusinessName: 'Menuiserie Lavoie',
  OwnerName: 'Julie Lavoie',
  Phone: '(613) 555-0199',
  InfoEmail: 'bonjour@lavoie.test',
  QuotesEmail: 'devis@lavoie.test',
  Social: [
    { Network: 'Instagram', Url: 'https://www.instagram.com/menuiserie.lavoie' },
    { Network: 'Facebook', Url: 'https://www.facebook.com/menuiserie.lavoie' },
  ],
  Street: '12, rue Principale',
  City: 'Chelsea',
  Province: 'Québec',
  PostalCode: 'J9B 1A1',
  AreaServed: 'Chelsea et les collines',
  Since: 2019,
  WelcomeTagline: 'Escaliers et armoires sur mesure.',
  WelcomeIntro: 'Du bois local, travaillé à la main.',
  Specialties: [
    { Title: 'Escaliers', Text: 'Droits ou tournants.', Target: '/projecttype/1' },
    { Title: 'Armoires', Text: 'Cuisine et salle de bain.', Target: '/typeslist/2' },
    { Title: 'Réparations', Text: 'Petites et grandes.', Target: '/typeslist/11' },
  ],
  AboutIntro: 'Premier paragraphe.\nSecond paragraphe.',
  AboutServices: [
    { Title: 'Électricité', Text: 'Luminaires.' },
    { Title: 'Plomberie', Text: 'Robinets.' },
    { Title: 'Peinture', Text: 'Murs.' },
  ],
  FooterServices: ['Escaliers', 'Armoires'],
  WelcomePhoto: 'accueil.jpg',
  AboutPhoto: 'proprietaire.jpg',
  ContactPhoto: 'atelier.jpg',
};
