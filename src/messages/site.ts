// Texts of the public site (menu, footer, pages), in French: the labels and sentences that are
// the site's, not the business's. The business's name, phone, addresses, its page texts and
// photos are the owner's site settings (GET /api/site, « Paramètres du site » in the admin);
// texts that need them take them as arguments.

export const site = {
  skipLink: 'Aller au contenu',
  menu: {
    label: 'Menu principal',
    toggle: 'Menu',
    logo: (name: string) => `${name} — accueil`,
    /** The header's link to the same page in the other language, named in that language. */
    otherLanguage: 'English',
  },
  footer: {
    contactTitle: 'Nous joindre',
    servicesTitle: 'Services',
    socialLabel: (network: string) => `Notre page ${network}`,
    copyright: (years: string, name: string) => `© ${years} ${name}. Tous droits réservés.`,
  },
  /** Issue 31: the licence the law wants shown, the opening hours, clients' testimonials. */
  trust: {
    licence: (number: string) => `Licence RBQ : ${number}`,
    licenceTitle: 'Licence RBQ',
    licenceLink: 'vérifier au registre des détenteurs de licence de la RBQ',
    hoursTitle: 'Heures d’ouverture',
    closed: 'Fermé',
    short: ['lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim'],
    days: ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'],
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    /** « 7 h 30 », « 17 h ». */
    time: (h: number, m: number) => `${h} h${m ? ` ${String(m).padStart(2, '0')}` : ''}`,
    testimonialsTitle: 'Ce que disent nos clients',
    projectTestimonialsTitle: 'Ce qu’en dit le client',
  },
  status: {
    loading: 'Chargement…',
    loadError: 'Impossible d’afficher ce contenu pour le moment.',
    loadErrorHint: 'Vérifiez votre connexion Internet, puis réessayez.',
    retry: 'Réessayer',
    pageError: 'Une erreur inattendue est survenue',
    pageErrorHint: 'Cette page n’a pas pu s’afficher. Rechargez-la; si le problème persiste, revenez plus tard.',
    reload: 'Recharger la page',
  },
  back: 'Retour',
  welcome: {
    title: (name: string, city: string) => `${name} — rénovation et ébénisterie à ${city}`,
    ctaContact: 'Demander une soumission',
    ctaProjects: 'Voir nos réalisations',
    carouselTitle: 'Quelques réalisations',
    carouselLabel: 'Projets en vedette',
    slideLabel: (n: number, total: number) => `${n} sur ${total}`,
    dotLabel: (n: number, total: number) => `Afficher le projet ${n} sur ${total}`,
    imageAlt: (business: string, project: string) => `${business} — ${project}`,
    pause: 'Mettre le défilement en pause',
    play: 'Reprendre le défilement',
    empty: 'Les réalisations seront bientôt en ligne.',
    specialtiesTitle: 'Ce que nous faisons',
  },
  lightbox: {
    label: (name: string) => `Photo : ${name}`,
    close: 'Fermer',
    previous: 'Photo précédente',
    next: 'Photo suivante',
    counter: (n: number, total: number) => `${n} / ${total}`,
    seeProject: 'Voir le projet',
  },
  gallery: {
    typesListTitle: 'Types de projets',
    typesListDescription: (category: string, city: string) =>
      `${category} : les types de projets réalisés par notre atelier à ${city}, en photos.`,
    typesListEmpty: 'Aucun type de projet dans cette catégorie pour le moment.',
    projectTypeDescription: (type: string, city: string) => `${type} : projets réalisés à ${city} et dans la région, en photos.`,
    projectsTitle: 'Réalisations',
    projectsEmpty: 'Aucun projet de ce type pour le moment.',
    subTypesTitle: 'Voir aussi',
    projectDescription: (name: string, description: string) => `${name} — ${description}`,
    seeType: (type: string) => `Autres projets : ${type}`,
    photosTitle: 'Photos du projet',
    /** The thumbnail button that opens the popup. */
    enlarge: (alt: string) => `Agrandir : ${alt}`,
    compareTitle: 'Avant et après',
    before: 'Avant',
    after: 'Après',
    /** « Avant : le mur gris »: a photo's words after its label (see labelled() in ProjectGallery). */
    labelled: (label: string, text: string) => `${label} : ${text}`,
    /** The comparison's slider: its name and what its value means. */
    compareLabel: 'Avant / Après : glissez pour comparer',
    compareValue: (percent: number) => `${percent} % Avant, ${100 - percent} % Après`,
  },
  about: {
    title: 'À propos',
    heading: 'À propos de l’atelier',
    portraitAlt: (owner: string) => `${owner}, propriétaire, dans son atelier`,
    servicesTitle: 'Petits travaux dans la maison',
    contactCta: 'Me contacter',
  },
  contact: {
    title: 'Contactez-moi',
    heading: 'Contactez-moi',
    description: (city: string) =>
      `Téléphone, courriel et réseaux sociaux pour une soumission de rénovation ou de menuiserie à ${city}.`,
    intro:
      'Une idée de projet, une question ou une soumission à demander ? Appelez-moi ou écrivez-moi : je réponds en général dans la journée.',
    phone: 'Téléphone',
    infoEmail: 'Renseignements',
    quotesEmail: 'Soumissions',
    area: 'Secteur desservi',
    areaLink: (address: string) => `${address} (voir la carte)`,
    social: 'Réseaux sociaux',
    newWindow: '(nouvelle fenêtre)',
    imageAlt: (business: string) => `${business} : l’atelier`,
  },
  notFound: {
    description: "La page demandée n'existe pas ou a été déplacée.",
  },
} as const;
