export const common = {
  appTitle: 'Atelier — rénovation et ébénisterie à Gatineau',
  loading: 'Chargement…',
  home: 'Accueil',
  back: 'Retour',
  notFoundTitle: 'Page introuvable',
  notFoundText: "La page demandée n'existe pas ou a été déplacée.",
  notFoundLink: "Retour à l'accueil",
} as const;
