// Texts of « Statistiques » (issue 30) and of a quote request's journey, in French; in the admin chunk only.
const number = (n: number) => n.toLocaleString('fr-CA');

export const adminStats = {
  title: 'Statistiques',
  intro: (days: number) =>
    `Pages vues sur le site, comptées par le site lui-même : aucun témoin (cookie), aucun service externe. Un visiteur est reconnu pendant une journée seulement. Le détail des pages vues est gardé ${days} jours, les totaux par jour pour toujours.`,
  period: 'Période',
  periods: { week: '7 derniers jours', month: '30 derniers jours', year: '12 derniers mois', custom: 'Dates choisies' },
  from: 'Du',
  to: 'au',
  show: 'Afficher',
  reversed: 'La date de début doit précéder la date de fin.',
  tooLong: 'La période choisie ne peut dépasser 366 jours.',
  missing: 'Choisissez une date de début et une date de fin.',
  loading: 'Chargement des statistiques…',
  error: 'Les statistiques n’ont pas pu être chargées.',
  periodShown: (from: string, to: string) => `Du ${from} au ${to}`,
  visitors: 'Visiteurs',
  views: 'Pages vues',
  total: (n: number, kind: 'visitors' | 'views') => `${number(n)} ${kind === 'visitors' ? 'visiteur' : 'page'}${n > 1 ? 's' : ''}${kind === 'views' ? (n > 1 ? ' vues' : ' vue') : ''}`,
  compared: (now: number, before: number) => {
    if (before === 0) return now === 0 ? 'comme la période précédente' : 'aucune sur la période précédente';
    const change = Math.round(((now - before) / before) * 100);
    return `${change > 0 ? '+' : ''}${change} % par rapport à la période précédente (${number(before)})`;
  },
  chart: (from: string, to: string) => `Visiteurs et pages vues par jour, du ${from} au ${to}`,
  showData: 'Voir les données',
  hideData: 'Masquer les données',
  dataLabel: 'Visiteurs et pages vues par jour',
  day: 'Jour',
  pages: 'Pages les plus vues',
  page: 'Page',
  projects: 'Projets les plus vus',
  project: 'Projet',
  deletedProject: (id: number) => `Projet n° ${id} (supprimé)`,
  referrers: 'Sites d’où viennent les visiteurs',
  referrer: 'Site',
  languages: 'Langues',
  language: 'Langue',
  langs: { fr: 'Français', en: 'Anglais' } as Record<string, string>,
  devices: 'Appareils',
  device: 'Appareil',
  deviceNames: { phone: 'Téléphone', tablet: 'Tablette', computer: 'Ordinateur' } as Record<string, string>,
  quotes: 'Demandes de soumission et leur parcours',
  quote: (id: number, date: string) => `Demande n° ${id}, ${date}`,
  none: 'Aucune donnée pour cette période.',
  csv: 'Exporter les totaux par jour (CSV)',
  csvHeader: 'Jour;Visiteurs;Pages vues',
  /** « Arrivé par : Google → Terrasse en cèdre → Contact ». */
  journey: (steps: string[]) => `Arrivé par : ${steps.join(' → ')}`,
  noJourney: 'Parcours inconnu (aucune page vue comptée avant la demande).',
  direct: 'Accès direct',
  pageNames: { '/welcome': 'Accueil', '/about': 'À propos', '/contact': 'Contact', '/confidentialite': 'Confidentialité' } as Record<string, string>,
  typeName: (id: number) => `Type de projet n° ${id}`,
  categoryName: (id: number) => `Catégorie n° ${id}`,
  projectName: (id: number) => `Projet n° ${id}`,
  googleProfile: 'Fiche Google de l’entreprise',
};
