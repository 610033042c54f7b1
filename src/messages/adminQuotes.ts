// Texts of the admin inbox « Demandes » (issue 17), in French; in the admin chunk only.
export const adminQuotes = {
  title: 'Demandes',
  menu: (unread: number) => (unread > 0 ? `Demandes (${unread} non lue${unread > 1 ? 's' : ''})` : 'Demandes'),
  listLabel: 'Demandes de soumission, les plus récentes d’abord',
  empty: 'Aucune demande pour le moment.',
  mailOff:
    'L’envoi par courriel n’est pas configuré (SMTP_URL absent) : les demandes arrivent seulement ici. Consultez cette page régulièrement.',
  unread: 'Nouvelle',
  handled: 'Traitée',
  /** A request sent from the English form (issue 27: Lang en; absent is fr). */
  english: 'Demande en anglais',
  photos: (n: number) => (n === 0 ? 'sans photo' : `${n} photo${n > 1 ? 's' : ''}`),
  received: (date: string) => `Reçue le ${date}`,
  /** The visit that led to the request (issue 30). */
  journeyLabel: 'Parcours',
  openPrefix: 'Ouvrir la demande de ',
  fields: {
    name: 'Nom',
    email: 'Courriel',
    phone: 'Téléphone',
    city: 'Ville',
    work: 'Type de travaux',
    message: 'Message',
    none: '—',
  },
  photoAlt: (n: number, name: string) => `Photo ${n} jointe par ${name}`,
  photoLoading: 'Chargement de la photo…',
  photoError: 'Photo impossible à afficher.',
  reply: 'Répondre par courriel',
  replySubject: 'Votre demande de soumission',
  call: 'Appeler',
  markHandled: 'Marquer comme traitée',
  markOpen: 'Marquer comme non traitée',
  markUnread: 'Marquer comme non lue',
  remove: 'Effacer la demande',
  confirmRemove: (name: string) => `Effacer la demande de ${name} et ses photos ? Cette action est définitive.`,
  removed: 'Demande effacée.',
  close: 'Fermer',
  /** Issue 31: a request printed (or saved as PDF) carries the business and its licence. */
  print: 'Imprimer',
  licence: (number: string) => `Licence RBQ : ${number}`,
  notFound: 'Cette demande n’existe plus : elle a peut-être été effacée.',
  mail: {
    sent: 'Courriel envoyé au propriétaire.',
    pending: 'Courriel en attente d’envoi.',
    retrying: (attempts: number, next: string, error: string) =>
      `Courriel non envoyé après ${attempts} essai${attempts > 1 ? 's' : ''} (${error || 'erreur inconnue'}); nouvel essai ${next}.`,
    off: 'Pas de courriel : l’envoi n’est pas configuré.',
  },
  mailLabel: 'Envoi au propriétaire',
} as const;
