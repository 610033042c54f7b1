// ┌──────────────────────────────────────────────────────────────────────────────────────────┐
// │ À REMPLACER PAR LE PROPRIÉTAIRE — identité de l'entreprise.                              │
// │ Every value below is a PLACEHOLDER (fictitious name, 555 phone number, exemple.ca        │
// │ addresses). Replace them with the real ones before going live: the menu, the footer, the │
// │ contact and about pages, the page titles and the carousel's alt texts all read them     │
// │ from here, and nowhere else.                                                             │
// └──────────────────────────────────────────────────────────────────────────────────────────┘

export const business = {
  /** Name of the business, as shown in the logo, the footer, titles and image descriptions. */
  name: 'Atelier Bois et Maison',
  /** The owner, as presented on the about page. */
  ownerName: 'Marc Tremblay',
  /** Phone number as displayed, and in international form for the tel: link. */
  phone: { display: '819 555-0142', tel: '+18195550142' },
  /** Two e-mail addresses: general questions, and requests for a quote. */
  emails: {
    info: 'info@exemple.ca',
    quotes: 'soumissions@exemple.ca',
  },
  /** The business's social-media page. */
  social: { label: 'Facebook', url: 'https://www.facebook.com/' },
  /** City and province; the maps link searches for them. */
  city: 'Gatineau',
  province: 'Québec',
  mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Gatineau%2C%20Qu%C3%A9bec',
  /** First year of activity: the footer shows « © 2022–{current year} ». */
  since: 2022,
} as const;
