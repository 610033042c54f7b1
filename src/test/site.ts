// Site settings of a business other than the demo's, for tests that answer GET /api/site
// themselves (a scripted server): what the pages show must come from the answer.
import type { SiteSettings } from '../api/api.enhanced';

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
    { Title: 'Réparations', Text: 'Petites et grandes.', Target: '/contact' },
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
