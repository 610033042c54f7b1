// « Historique » of the settings and the menu names each changed field by the form's French label;
// the server names it by its path in the document (server/trash/history.service.ts, changesBetween).
import { menuFieldLabel } from './MenuEditor';
import { siteFieldLabel } from './SiteEditor';

test('the settings’ paths: a named field, a card, a day’s range, a network, a footer service, an English text', () => {
  expect(siteFieldLabel('WelcomeTagline')).toBe('Slogan');
  expect(siteFieldLabel('Specialties.1.Target')).toBe('Carte 2 : page visée');
  expect(siteFieldLabel('Hours.0.1.Close')).toBe('Lundi : fermeture 2');
  expect(siteFieldLabel('Social.0.Url')).toBe('Adresse du réseau 1');
  expect(siteFieldLabel('FooterServices.2')).toBe('Service 3');
  expect(siteFieldLabel('En.AboutServices.0.Text')).toBe('Service 1 : texte (anglais)');
  expect(siteFieldLabel('Unknown')).toBeUndefined();
});

test('the menu’s paths: a drop-down’s title, an entry’s label and page, a link, in English', () => {
  expect(menuFieldLabel('Dropdowns.0.Title')).toBe('Titre du menu 1');
  expect(menuFieldLabel('Dropdowns.1.Entries.2.Label')).toBe('Menu déroulant 2, Entrée 3 : Libellé');
  expect(menuFieldLabel('Dropdowns.1.Entries.2.Href')).toBe('Menu déroulant 2, Entrée 3 : Page visée');
  expect(menuFieldLabel('Dropdowns.0.En.Title')).toBe('Titre du menu 1 (anglais)');
  expect(menuFieldLabel('Links.0.En.Label')).toBe('Lien 1 : Libellé (anglais)');
  expect(menuFieldLabel('Links.3')).toBeUndefined();
});
