// The demo menu: the specification's table, the menu of a fresh install (server/db/migration0007.ts,
// stored by migration 0007) until the owner edits it in « Menu » (issue 14). Tests read it too.
import type { Menu } from './api.ts';

export const demoMenu: Menu = {
  Dropdowns: [
    {
      Title: 'Projets extérieurs',
      Entries: [
        { Label: 'Bancs', Href: '/projecttype/1' },
        { Label: 'Potagers', Href: '/typeslist/2' },
        { Label: 'Terrasses', Href: '/typeslist/6' },
      ],
    },
    {
      Title: "Optimisation de l'espace",
      Entries: [
        { Label: 'Casiers familial', Href: '/projecttype/19' },
        { Label: 'Porte-documents', Href: '/projecttype/20' },
        { Label: 'Salle de lavage', Href: '/projecttype/21' },
        { Label: 'Étagères', Href: '/projecttype/22' },
      ],
    },
    {
      Title: 'Décoration',
      Entries: [
        { Label: 'Tablettes', Href: '/typeslist/11' },
        { Label: 'Boîtes et coffres', Href: '/projecttype/23' },
        { Label: 'Besoin spécifique', Href: '/typeslist/15' },
        { Label: 'Plancher flottant', Href: '/projecttype/24' },
        { Label: 'Porte-clés mural', Href: '/projecttype/25' },
      ],
    },
  ],
  Links: [
    { Label: 'A Propos', Href: '/about' },
    { Label: 'Contactez-moi', Href: '/contact' },
  ],
};
