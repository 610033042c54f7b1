export const common = {
  loading: 'Chargement…',
  home: 'Accueil',
  back: 'Retour',
  notFoundTitle: 'Page introuvable',
  notFoundText: "La page demandée n'existe pas ou a été déplacée.",
  notFoundLink: "Retour à l'accueil",
} as const;
