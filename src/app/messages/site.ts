// Texts of the public site (menu, footer, pages), in French. The business's own name, phone,
// e-mails and city come from src/app/business.ts; texts that need them take them as arguments.

export const site = {
  skipLink: 'Aller au contenu',
  menu: {
    label: 'Menu principal',
    toggle: 'Menu',
    logo: (name: string) => `${name} — accueil`,
  },
  footer: {
    contactTitle: 'Nous joindre',
    servicesTitle: 'Services',
    emailLabel: (email: string) => `Courriel : ${email}`,
    socialLabel: (network: string) => `Notre page ${network}`,
    services: [
      'Rénovation',
      'Consultation',
      'Peinture et teinture',
      'Terrasses et potagers',
      'Meubles et décoration',
    ],
    copyright: (years: string, name: string) => `© ${years} ${name}. Tous droits réservés.`,
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
    title: (name: string) => `${name} — rénovation et ébénisterie à Gatineau`,
    description:
      'Rénovation, menuiserie et meubles sur mesure à Gatineau : terrasses, potagers, rangements, tablettes et décoration. Voyez nos réalisations.',
    tagline: 'Rénovation, menuiserie et meubles sur mesure à Gatineau et dans l’Outaouais.',
    intro:
      'Des projets pensés avec vous et construits à la main, du potager surélevé à la salle de lavage enfin organisée.',
    ctaContact: 'Demander une soumission',
    ctaProjects: 'Voir les projets extérieurs',
    carouselTitle: 'Quelques réalisations',
    carouselLabel: 'Projets en vedette',
    slideLabel: (n: number, total: number) => `${n} sur ${total}`,
    dotLabel: (n: number, total: number) => `Afficher le projet ${n} sur ${total}`,
    imageAlt: (business: string, project: string) => `${business} — ${project}`,
    openPhoto: 'Agrandir la photo',
    pause: 'Mettre le défilement en pause',
    play: 'Reprendre le défilement',
    empty: 'Les réalisations seront bientôt en ligne.',
    specialtiesTitle: 'Ce que nous faisons',
    specialties: [
      {
        title: 'Projets extérieurs',
        text: 'Bancs, potagers surélevés et terrasses en cèdre, faits pour nos hivers.',
      },
      {
        title: 'Optimisation de l’espace',
        text: 'Casiers d’entrée, salle de lavage, étagères : chaque centimètre trouve son usage.',
      },
      {
        title: 'Décoration',
        text: 'Tablettes, coffres, porte-clés et meubles sur mesure, dans le bois de votre choix.',
      },
    ],
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
    typesListDescription: (category: string) =>
      `${category} : les types de projets réalisés par notre atelier à Gatineau, en photos.`,
    typesListEmpty: 'Aucun type de projet dans cette catégorie pour le moment.',
    projectTypeDescription: (type: string) =>
      `${type} : projets réalisés à Gatineau et dans l’Outaouais, en photos.`,
    projectsTitle: 'Réalisations',
    projectsEmpty: 'Aucun projet de ce type pour le moment.',
    subTypesTitle: 'Voir aussi',
    projectDescription: (name: string, description: string) => `${name} — ${description}`,
    seeType: (type: string) => `Autres projets : ${type}`,
  },
  about: {
    title: 'À propos',
    heading: 'À propos de l’atelier',
    description:
      'Qui nous sommes : un artisan de Gatineau en rénovation, menuiserie et petits travaux d’électricité, de plomberie et de peinture.',
    portraitAlt: (owner: string) => `${owner}, propriétaire, dans son atelier`,
    intro: (owner: string, business: string) => [
      `Je m’appelle ${owner}. Depuis plus de quinze ans, je rénove des maisons et je fabrique des meubles à Gatineau et dans l’Outaouais. ${business}, c’est une petite entreprise : c’est moi qui vous rencontre, qui prends les mesures et qui fais le travail.`,
      'J’aime le travail bien fait et le bois qui dure : cèdre pour l’extérieur, chêne, érable et noyer pour l’intérieur, assemblages solides et finis qui résistent à l’usage. Chaque projet commence par une visite et une soumission claire, sans surprise sur la facture.',
      'Terrasse à refaire, rangement à inventer, pièce à rafraîchir ou petite réparation qui traîne depuis des mois : parlons-en.',
    ],
    servicesTitle: 'Petits travaux dans la maison',
    services: [
      {
        title: 'Électricité',
        text: 'Remplacement de luminaires, d’interrupteurs et de prises, installation de ventilateurs de plafond et d’éclairage sous les armoires. Pour tout ce qui demande un maître électricien, je travaille avec un partenaire membre de la CMEQ.',
      },
      {
        title: 'Plomberie',
        text: 'Remplacement de robinets, d’éviers et de toilettes, raccordement de laveuse et de lave-vaisselle, réparation des petites fuites sous l’évier avant qu’elles ne deviennent des dégâts d’eau.',
      },
      {
        title: 'Peinture',
        text: 'Peinture intérieure soignée, murs, plafonds et boiseries, et teinture de terrasses, de clôtures et de meubles : préparation des surfaces, protection des planchers et nettoyage compris.',
      },
    ],
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
    areaLink: (city: string, province: string) => `${city}, ${province} (voir la carte)`,
    social: 'Réseaux sociaux',
    newWindow: '(nouvelle fenêtre)',
    imageAlt: 'L’atelier : établi, outils et pièces de bois en cours de fabrication',
  },
  notFound: {
    description: "La page demandée n'existe pas ou a été déplacée.",
  },
} as const;
